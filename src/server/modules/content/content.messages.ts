import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'groupOrdering'
  | 'groupKitchen'
  | 'groupCatalogue'
  | 'groupAccount'
  | 'order'
  | 'history'
  | 'orders'
  | 'menu'
  | 'laps'
  | 'driver'
  | 'dashboard'
  | 'categories'
  | 'dishes'
  | 'locations'
  | 'providers'
  | 'companySignIn'
  | 'invoices'
  | 'ledger'
  | 'audit'
  | 'users'
  | 'myTeam'
  | 'visitors'
  | 'meetings'
  | 'announcements'
  | 'spend'
  | 'ratings'
  | 'costCentres'
  | 'profile'
  | 'privacy'
  | 'terms';

export const navText = defineMessages<Key>(
  {
    en: {
      groupOrdering: 'Lunch',
      groupKitchen: 'Kitchen',
      groupCatalogue: 'Catalogue',
      groupAccount: 'Account',
      order: 'New order',
      history: 'Order history',
      orders: 'Orders',
      menu: 'Menus',
      laps: 'Delivery laps',
      driver: 'Driver',
      dashboard: 'Sales and waste',
      categories: 'Categories',
      dishes: 'Dishes',
      locations: 'Locations',
      providers: 'Providers',
      companySignIn: 'Company sign-in',
      invoices: 'Invoices',
      ledger: 'Ledger',
      audit: 'Audit log',
      users: 'Users',
      myTeam: 'My team',
      visitors: 'Visitors',
      meetings: 'Meeting orders',
      announcements: 'Announcements',
      spend: 'Spend',
      ratings: 'Ratings',
      costCentres: 'Cost centres',
      profile: 'My profile',
      privacy: 'Privacy policy',
      terms: 'Terms and conditions',
    },
    lv: {
      groupOrdering: 'Pusdienas',
      groupKitchen: 'Virtuve',
      groupCatalogue: 'Katalogs',
      groupAccount: 'Konts',
      order: 'Jauns pasūtījums',
      history: 'Pasūtījumu vēsture',
      orders: 'Pasūtījumi',
      menu: 'Ēdienkartes',
      laps: 'Piegādes maršruti',
      driver: 'Šoferis',
      dashboard: 'Pārdošana un pārpalikumi',
      categories: 'Kategorijas',
      dishes: 'Ēdieni',
      locations: 'Vietas',
      providers: 'Piegādātāji',
      companySignIn: 'Uzņēmumu pieslēgšanās',
      invoices: 'Rēķini',
      ledger: 'Virsgrāmata',
      audit: 'Darbību žurnāls',
      users: 'Lietotāji',
      myTeam: 'Mana komanda',
      visitors: 'Apmeklētāji',
      meetings: 'Sanāksmju pasūtījumi',
      announcements: 'Paziņojumi',
      spend: 'Izdevumi',
      ratings: 'Vērtējumi',
      costCentres: 'Izmaksu centri',
      profile: 'Mans profils',
      privacy: 'Privātuma politika',
      terms: 'Lietošanas noteikumi',
    },
    ru: {
      groupOrdering: 'Обеды',
      groupKitchen: 'Кухня',
      groupCatalogue: 'Каталог',
      groupAccount: 'Аккаунт',
      order: 'Новый заказ',
      history: 'История заказов',
      orders: 'Заказы',
      menu: 'Меню',
      laps: 'Маршруты доставки',
      driver: 'Водитель',
      dashboard: 'Продажи и излишки',
      categories: 'Категории',
      dishes: 'Блюда',
      locations: 'Места',
      providers: 'Поставщики',
      companySignIn: 'Вход через компанию',
      invoices: 'Счета',
      ledger: 'Журнал денег',
      audit: 'Журнал действий',
      users: 'Пользователи',
      myTeam: 'Моя команда',
      visitors: 'Посетители',
      meetings: 'Заказы для встреч',
      announcements: 'Объявления',
      spend: 'Расходы',
      ratings: 'Оценки',
      costCentres: 'Центры затрат',
      profile: 'Мой профиль',
      privacy: 'Политика конфиденциальности',
      terms: 'Правила и условия',
    },
  },
  'content',
);
