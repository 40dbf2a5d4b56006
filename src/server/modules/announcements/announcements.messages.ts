import { defineMessages } from '../../lib/i18n.js';

type Key =
  'notEditable' | 'notCancellable' | 'bannerUntilPast' | 'inLatvian' | 'emailFooter' | 'problemTitle' | 'problemBody' | 'problemNote';

/** Texts of the announcements area (decisions 081, 082). */
export const announcementsText = defineMessages<Key>(
  {
    en: {
      notEditable: 'This announcement has already been sent or cancelled; it can no longer be changed.',
      notCancellable: 'Only a draft or a scheduled announcement can be cancelled.',
      bannerUntilPast: 'The banner would end before it is sent.',
      inLatvian: '(in Latvian)',
      emailFooter: 'Open the order page: {link}',
      problemTitle: 'Delivery problem: {location}',
      problemBody: 'There is a problem with today’s delivery of “{menu}” to {location}. We are working on it and will let you know.',
      problemNote: 'Driver’s note: {note}',
    },
    lv: {
      notEditable: 'Šis paziņojums jau ir nosūtīts vai atcelts; to vairs nevar mainīt.',
      notCancellable: 'Atcelt var tikai melnrakstu vai ieplānotu paziņojumu.',
      bannerUntilPast: 'Paziņojuma josla beigtos pirms nosūtīšanas.',
      inLatvian: '(latviski)',
      emailFooter: 'Atvērt pasūtījumu lapu: {link}',
      problemTitle: 'Piegādes problēma: {location}',
      problemBody: 'Šodienas “{menu}” piegādē uz {location} radusies problēma. Mēs to risinām un jūs informēsim.',
      problemNote: 'Vadītāja piezīme: {note}',
    },
    ru: {
      notEditable: 'Это объявление уже отправлено или отменено; его больше нельзя изменить.',
      notCancellable: 'Отменить можно только черновик или запланированное объявление.',
      bannerUntilPast: 'Баннер закончился бы раньше отправки.',
      inLatvian: '(на латышском)',
      emailFooter: 'Открыть страницу заказа: {link}',
      problemTitle: 'Проблема с доставкой: {location}',
      problemBody: 'С сегодняшней доставкой «{menu}» в {location} возникла проблема. Мы решаем её и сообщим вам.',
      problemNote: 'Заметка водителя: {note}',
    },
  },
  'announcements',
);
