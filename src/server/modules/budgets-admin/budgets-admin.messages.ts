import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'notYourLocation'
  | 'groupNotFound'
  | 'groupTaken'
  | 'groupOfOtherLocation'
  | 'personNotFound'
  | 'capOverAmount'
  | 'ruleNotFound'
  | 'csv.figure'
  | 'csv.totals'
  | 'csv.costCentres'
  | 'csv.people'
  | 'csv.meetings'
  | 'csv.noCostCentre'
  | 'csv.name'
  | 'csv.email'
  | 'csv.code'
  | 'csv.title'
  | 'csv.orders'
  | 'csv.amount'
  | 'csv.foodValue'
  | 'csv.subsidy'
  | 'csv.budgetUsed'
  | 'csv.bonus'
  | 'csv.paidByEaters'
  | 'csv.companyOrders'
  | 'csv.companyAmount'
  | 'csv.budget'
  | 'csv.meeting'
  | 'csv.guest'
  | 'csv.count'
  | 'period.day'
  | 'period.week'
  | 'period.month';

/** Texts of the employer's budget rules, groups and spend page (issue 29, decision 074). */
export const budgetsAdminText = defineMessages<Key>(
  {
    en: {
      notYourLocation: 'You can manage budgets of your own location only.',
      groupNotFound: 'This group does not exist.',
      groupTaken: 'This location already has a group with this name.',
      groupOfOtherLocation: 'This group belongs to another location.',
      personNotFound: 'This person is not in a location you manage.',
      capOverAmount: 'The most per order may not be more than the budget.',
      ruleNotFound: 'There is no budget rule here.',
      'csv.figure': 'Figure',
      'csv.totals': 'Totals',
      'csv.costCentres': 'Cost centres',
      'csv.people': 'People',
      'csv.meetings': 'Meetings and guests',
      'csv.noCostCentre': 'No cost centre',
      'csv.name': 'Name',
      'csv.email': 'E-mail',
      'csv.code': 'Code',
      'csv.title': 'Title',
      'csv.orders': 'Orders',
      'csv.amount': 'Amount (EUR)',
      'csv.foodValue': 'Food value (EUR)',
      'csv.subsidy': 'Subsidy (EUR)',
      'csv.budgetUsed': 'Budget used (EUR)',
      'csv.bonus': 'Bonus (EUR)',
      'csv.paidByEaters': 'Paid by eaters (EUR)',
      'csv.companyOrders': 'Meeting and guest orders',
      'csv.companyAmount': 'Paid by the company (EUR)',
      'csv.budget': 'Budget',
      'csv.meeting': 'Meetings',
      'csv.guest': 'Guests',
      'csv.count': 'Count',
      'period.day': 'day',
      'period.week': 'week',
      'period.month': 'month',
    },
    lv: {
      notYourLocation: 'Varat pārvaldīt tikai savas vietas budžetus.',
      groupNotFound: 'Šāda grupa nepastāv.',
      groupTaken: 'Šai vietai jau ir grupa ar šādu nosaukumu.',
      groupOfOtherLocation: 'Šī grupa pieder citai vietai.',
      personNotFound: 'Šī persona nav jūsu pārvaldītā vietā.',
      capOverAmount: 'Lielākā summa pasūtījumam nedrīkst pārsniegt budžetu.',
      ruleNotFound: 'Šeit nav budžeta noteikuma.',
      'csv.figure': 'Rādītājs',
      'csv.totals': 'Kopā',
      'csv.costCentres': 'Izmaksu centri',
      'csv.people': 'Cilvēki',
      'csv.meetings': 'Sanāksmes un viesi',
      'csv.noCostCentre': 'Bez izmaksu centra',
      'csv.name': 'Vārds',
      'csv.email': 'E-pasts',
      'csv.code': 'Kods',
      'csv.title': 'Nosaukums',
      'csv.orders': 'Pasūtījumi',
      'csv.amount': 'Summa (EUR)',
      'csv.foodValue': 'Ēdiena vērtība (EUR)',
      'csv.subsidy': 'Dotācija (EUR)',
      'csv.budgetUsed': 'Izlietotais budžets (EUR)',
      'csv.bonus': 'Bonuss (EUR)',
      'csv.paidByEaters': 'Ēdāju samaksātais (EUR)',
      'csv.companyOrders': 'Sanāksmju un viesu pasūtījumi',
      'csv.companyAmount': 'Uzņēmuma apmaksātais (EUR)',
      'csv.budget': 'Budžets',
      'csv.meeting': 'Sanāksmes',
      'csv.guest': 'Viesi',
      'csv.count': 'Skaits',
      'period.day': 'dienu',
      'period.week': 'nedēļu',
      'period.month': 'mēnesi',
    },
    ru: {
      notYourLocation: 'Вы можете управлять бюджетами только своего места.',
      groupNotFound: 'Такой группы нет.',
      groupTaken: 'У этого места уже есть группа с таким названием.',
      groupOfOtherLocation: 'Эта группа относится к другому месту.',
      personNotFound: 'Этого человека нет в месте, которым вы управляете.',
      capOverAmount: 'Наибольшая сумма на заказ не может быть больше бюджета.',
      ruleNotFound: 'Здесь нет правила бюджета.',
      'csv.figure': 'Показатель',
      'csv.totals': 'Итого',
      'csv.costCentres': 'Центры затрат',
      'csv.people': 'Люди',
      'csv.meetings': 'Встречи и гости',
      'csv.noCostCentre': 'Без центра затрат',
      'csv.name': 'Имя',
      'csv.email': 'Э-почта',
      'csv.code': 'Код',
      'csv.title': 'Название',
      'csv.orders': 'Заказы',
      'csv.amount': 'Сумма (EUR)',
      'csv.foodValue': 'Стоимость еды (EUR)',
      'csv.subsidy': 'Дотация (EUR)',
      'csv.budgetUsed': 'Использовано бюджета (EUR)',
      'csv.bonus': 'Бонус (EUR)',
      'csv.paidByEaters': 'Оплачено едоками (EUR)',
      'csv.companyOrders': 'Заказы для встреч и гостей',
      'csv.companyAmount': 'Оплачено компанией (EUR)',
      'csv.budget': 'Бюджет',
      'csv.meeting': 'Встречи',
      'csv.guest': 'Гости',
      'csv.count': 'Количество',
      'period.day': 'день',
      'period.week': 'неделю',
      'period.month': 'месяц',
    },
  },
  'budgets-admin',
);
