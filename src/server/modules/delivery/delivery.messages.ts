import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'onTheWaySubject'
  | 'onTheWayBody'
  | 'onTheWayPush'
  | 'deliveredSubject'
  | 'deliveredBody'
  | 'deliveredPush'
  | 'deliveredRate'
  | 'delaySubject'
  | 'delayEstimateBody'
  | 'delayEstimatePush'
  | 'delayLateBody'
  | 'delayLatePush';

/**
 * Texts of the delivery notices (issue 28): "on the way", "delivered" and a delay, by e-mail and
 * push, in the eater's language. The e-mail ends with the order's page.
 */
export const deliveryText = defineMessages<Key>(
  {
    en: {
      onTheWaySubject: 'Your lunch is on the way',
      onTheWayBody: 'Hello {name},\n\nlunch for {location} ({menu}) has left the kitchen and is on the way.\n\nYour order:\n{link}',
      onTheWayPush: 'Lunch for {location} has left the kitchen.',
      deliveredSubject: 'Lunch is delivered',
      deliveredBody: 'Hello {name},\n\nlunch for {location} ({menu}) has been delivered.\n\nEnjoy your meal!',
      deliveredPush: 'Lunch for {location} has been delivered.',
      deliveredRate: 'Rate your lunch (no sign-in needed, until the end of tomorrow): {rateLink}',
      delaySubject: 'Your lunch is running late',
      delayEstimateBody:
        'Hello {name},\n\nlunch for {location} ({menu}) is running late. It is now expected at {time}.\n\nYour order:\n{link}',
      delayEstimatePush: 'Lunch for {location} is now expected at {time}.',
      delayLateBody:
        'Hello {name},\n\nlunch for {location} ({menu}) left the kitchen {minutes} min late, at {time}.\n\nYour order:\n{link}',
      delayLatePush: 'Lunch for {location} left {minutes} min late, at {time}.',
    },
    lv: {
      onTheWaySubject: 'Jūsu pusdienas ir ceļā',
      onTheWayBody:
        'Sveiki, {name}!\n\nPusdienas uz {location} ({menu}) ir izbraukušas no virtuves un ir ceļā.\n\nJūsu pasūtījums:\n{link}',
      onTheWayPush: 'Pusdienas uz {location} ir izbraukušas no virtuves.',
      deliveredSubject: 'Pusdienas ir piegādātas',
      deliveredBody: 'Sveiki, {name}!\n\nPusdienas uz {location} ({menu}) ir piegādātas.\n\nLabu apetīti!',
      deliveredPush: 'Pusdienas uz {location} ir piegādātas.',
      deliveredRate: 'Novērtējiet pusdienas (bez pieteikšanās, līdz rītdienas beigām): {rateLink}',
      delaySubject: 'Jūsu pusdienas kavējas',
      delayEstimateBody:
        'Sveiki, {name}!\n\nPusdienas uz {location} ({menu}) kavējas. Tagad tās gaidāmas {time}.\n\nJūsu pasūtījums:\n{link}',
      delayEstimatePush: 'Pusdienas uz {location} tagad gaidāmas {time}.',
      delayLateBody:
        'Sveiki, {name}!\n\nPusdienas uz {location} ({menu}) izbrauca no virtuves {minutes} min vēlāk, {time}.\n\nJūsu pasūtījums:\n{link}',
      delayLatePush: 'Pusdienas uz {location} izbrauca {minutes} min vēlāk, {time}.',
    },
    ru: {
      onTheWaySubject: 'Ваш обед в пути',
      onTheWayBody: 'Здравствуйте, {name}!\n\nОбед для {location} ({menu}) выехал с кухни и уже в пути.\n\nВаш заказ:\n{link}',
      onTheWayPush: 'Обед для {location} выехал с кухни.',
      deliveredSubject: 'Обед доставлен',
      deliveredBody: 'Здравствуйте, {name}!\n\nОбед для {location} ({menu}) доставлен.\n\nПриятного аппетита!',
      deliveredPush: 'Обед для {location} доставлен.',
      deliveredRate: 'Оцените обед (без входа, до конца завтрашнего дня): {rateLink}',
      delaySubject: 'Ваш обед задерживается',
      delayEstimateBody:
        'Здравствуйте, {name}!\n\nОбед для {location} ({menu}) задерживается. Теперь его ожидают в {time}.\n\nВаш заказ:\n{link}',
      delayEstimatePush: 'Обед для {location} теперь ожидают в {time}.',
      delayLateBody:
        'Здравствуйте, {name}!\n\nОбед для {location} ({menu}) выехал с кухни с опозданием на {minutes} мин, в {time}.\n\nВаш заказ:\n{link}',
      delayLatePush: 'Обед для {location} выехал с опозданием на {minutes} мин, в {time}.',
    },
  },
  'delivery',
);
