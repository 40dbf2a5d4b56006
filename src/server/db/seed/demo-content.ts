/**
 * Texts of the content blocks seeded with the demo data. Only tags the content sanitiser keeps
 * (p, h2, ul, li, strong, a) are used.
 */

type BlockTexts = Record<'lv' | 'en' | 'ru', string>;

const CONTACT = '<a href="mailto:info@pusdienuvirtuve.lv">info@pusdienuvirtuve.lv</a>';

const privacy: BlockTexts = {
  lv: [
    '<h2>Privātuma politika</h2>',
    '<p>Uzņēmumu pusdienu pasūtīšanas pakalpojumu nodrošina <strong>Pusdienu Virtuve</strong>. ' +
      'Mēs apstrādājam tikai tos personas datus, kas vajadzīgi, lai pieņemtu, pagatavotu un piegādātu jūsu pusdienas.</p>',
    '<h2>Kādus datus mēs apstrādājam</h2>',
    '<ul>' +
      '<li>Vārdu, e-pasta adresi un tālruņa numuru, ko norādāt savā profilā.</li>' +
      '<li>Darba vietu un maiņu, uz kuru piegādājam pasūtījumu.</li>' +
      '<li>Pasūtījumu vēsturi un maksājumu statusu. Maksājumu kartes datus apstrādā maksājumu pakalpojumu sniedzējs; mēs tos neglabājam.</li>' +
      '</ul>',
    '<h2>Kāpēc un cik ilgi</h2>',
    '<p>Datus izmantojam pasūtījumu izpildei, norēķiniem ar jūsu darba devēju par pusdienu dotāciju un, ja esat to atļāvuši, ' +
      'atgādinājumiem un paziņojumiem par piegādi. Pasūtījumu datus glabājam tik ilgi, cik to prasa grāmatvedības normatīvie akti.</p>',
    '<h2>Jūsu tiesības</h2>',
    `<p>Jūs varat piekļūt saviem datiem, labot tos profilā un lūgt tos dzēst, rakstot uz ${CONTACT}.</p>`,
  ].join('\n'),
  en: [
    '<h2>Privacy policy</h2>',
    '<p>The corporate lunch-ordering service is provided by <strong>Pusdienu Virtuve</strong>. ' +
      'We process only the personal data we need to take, cook and deliver your lunch.</p>',
    '<h2>What we process</h2>',
    '<ul>' +
      '<li>Your name, e-mail address and phone number as entered in your profile.</li>' +
      '<li>Your workplace and shift, where we deliver your order.</li>' +
      '<li>Your order history and payment status. Card details are handled by the payment provider; we never store them.</li>' +
      '</ul>',
    '<h2>Why and for how long</h2>',
    '<p>We use the data to fulfil orders, to settle lunch subsidies with your employer and, if you have allowed it, ' +
      'to send order reminders and delivery notices. Order records are kept as long as accounting law requires.</p>',
    '<h2>Your rights</h2>',
    `<p>You may access your data, correct it in your profile and ask us to erase it by writing to ${CONTACT}.</p>`,
  ].join('\n'),
  ru: [
    '<h2>Политика конфиденциальности</h2>',
    '<p>Услугу заказа корпоративных обедов предоставляет <strong>Pusdienu Virtuve</strong>. ' +
      'Мы обрабатываем только те персональные данные, которые нужны, чтобы принять, приготовить и доставить ваш обед.</p>',
    '<h2>Какие данные мы обрабатываем</h2>',
    '<ul>' +
      '<li>Имя, адрес электронной почты и номер телефона, указанные в вашем профиле.</li>' +
      '<li>Место работы и смену, куда мы доставляем заказ.</li>' +
      '<li>Историю заказов и статус оплаты. Данные платёжных карт обрабатывает платёжный провайдер; мы их не храним.</li>' +
      '</ul>',
    '<h2>Зачем и как долго</h2>',
    '<p>Данные используются для выполнения заказов, расчётов с вашим работодателем по дотации на обеды и, если вы это разрешили, ' +
      'для напоминаний о заказе и уведомлений о доставке. Данные заказов хранятся столько, сколько требует законодательство о бухгалтерском учёте.</p>',
    '<h2>Ваши права</h2>',
    `<p>Вы можете получить доступ к своим данным, исправить их в профиле и попросить их удалить, написав на ${CONTACT}.</p>`,
  ].join('\n'),
};

const terms: BlockTexts = {
  lv: [
    '<h2>Lietošanas noteikumi</h2>',
    '<p>Šie noteikumi attiecas uz uzņēmumu pusdienu pasūtīšanas pakalpojumu, ko sniedz <strong>Pusdienu Virtuve</strong>. ' +
      'Lietojot pakalpojumu, jūs piekrītat šiem noteikumiem.</p>',
    '<h2>Pasūtījumi</h2>',
    '<ul>' +
      '<li>Pasūtīt var, kamēr ēdienkarte ir atvērta; pēc pasūtījumu pieņemšanas beigām pasūtījumu mainīt vai atcelt vairs nevar.</li>' +
      '<li>Ēdienu daudzums ir ierobežots; pasūtījums ir spēkā, kad tas ir apstiprināts.</li>' +
      '<li>Informācija par alergēniem ir norādīta pie katra ēdiena. Ja jums ir pārtikas alerģija, pirms pasūtīšanas sazinieties ar mums.</li>' +
      '</ul>',
    '<h2>Norēķini</h2>',
    '<ul>' +
      '<li>Maksāt var skaidrā naudā piegādes brīdī, ar maksājumu karti vai internetbankā.</li>' +
      '<li>Maksājot ar karti vai internetbankā, pasūtījuma summai tiek pieskaitīta norādītā komisijas maksa.</li>' +
      '<li>Darba devēja dotācija un bonusi tiek atskaitīti no pasūtījuma summas automātiski.</li>' +
      '</ul>',
    '<h2>Piegāde un pretenzijas</h2>',
    `<p>Pasūtījumus piegādājam uz jūsu darba vietu norādītajā laikā. Pretenzijas par kvalitāti lūdzam iesniegt piegādes dienā, rakstot uz ${CONTACT}.</p>`,
  ].join('\n'),
  en: [
    '<h2>Terms and conditions</h2>',
    '<p>These terms apply to the corporate lunch-ordering service provided by <strong>Pusdienu Virtuve</strong>. ' +
      'By using the service you accept them.</p>',
    '<h2>Orders</h2>',
    '<ul>' +
      '<li>You can order while the menu is open; once ordering has closed, an order can no longer be changed or cancelled.</li>' +
      '<li>Dishes are available in limited quantities; an order is binding once it has been confirmed.</li>' +
      '<li>Allergen information is shown with every dish. If you have a food allergy, please contact us before ordering.</li>' +
      '</ul>',
    '<h2>Payment</h2>',
    '<ul>' +
      '<li>You can pay in cash on delivery, by payment card or through online banking.</li>' +
      '<li>When paying by card or online banking, the stated commission is added to the amount due.</li>' +
      '<li>Your employer’s subsidy and any bonus are deducted from the order total automatically.</li>' +
      '</ul>',
    '<h2>Delivery and complaints</h2>',
    `<p>We deliver orders to your workplace at the stated time. Please report any quality issue on the day of delivery by writing to ${CONTACT}.</p>`,
  ].join('\n'),
  ru: [
    '<h2>Условия использования</h2>',
    '<p>Настоящие условия распространяются на услугу заказа корпоративных обедов, которую предоставляет <strong>Pusdienu Virtuve</strong>. ' +
      'Пользуясь услугой, вы соглашаетесь с этими условиями.</p>',
    '<h2>Заказы</h2>',
    '<ul>' +
      '<li>Заказать можно, пока меню открыто; после окончания приёма заказов изменить или отменить заказ нельзя.</li>' +
      '<li>Количество блюд ограничено; заказ считается принятым после подтверждения.</li>' +
      '<li>Информация об аллергенах указана у каждого блюда. Если у вас пищевая аллергия, свяжитесь с нами до оформления заказа.</li>' +
      '</ul>',
    '<h2>Оплата</h2>',
    '<ul>' +
      '<li>Оплатить можно наличными при доставке, платёжной картой или через интернет-банк.</li>' +
      '<li>При оплате картой или через интернет-банк к сумме заказа добавляется указанная комиссия.</li>' +
      '<li>Дотация работодателя и бонусы вычитаются из суммы заказа автоматически.</li>' +
      '</ul>',
    '<h2>Доставка и претензии</h2>',
    `<p>Мы доставляем заказы на ваше рабочее место в указанное время. Претензии к качеству просим сообщать в день доставки по адресу ${CONTACT}.</p>`,
  ].join('\n'),
};

/** Demo menus take orders 06:00–23:59 (Riga), so the demo can order at any working hour. */
export const DEMO_MENU_HOURS = { from: { hour: 6, minute: 0 }, to: { hour: 23, minute: 59 } } as const;
/**
 * The order page puts the shown menu's own deadline where the header text says `{deadline}`
 * (src/web/features/ordering/model/deadline.ts): a time written into the text would contradict a
 * menu that closes at another time (issue 24).
 */
const deadline = '{deadline}';

const headerInfo: BlockTexts = {
  lv: `<p>Pasūtījumus pieņemam līdz <strong>${deadline}</strong>. Piegāde 12:00–13:00.</p>`,
  en: `<p>We take orders until <strong>${deadline}</strong>. Delivery 12:00–13:00.</p>`,
  ru: `<p>Заказы принимаем до <strong>${deadline}</strong>. Доставка с 12:00 до 13:00.</p>`,
};

/** Content blocks by key (the keys the content module serves). */
export const DEMO_CONTENT_BLOCKS: Record<'privacy' | 'terms-and-conditions' | 'header-info', BlockTexts> = {
  privacy,
  'terms-and-conditions': terms,
  'header-info': headerInfo,
};
