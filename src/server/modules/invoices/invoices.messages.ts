import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'unknownCompany'
  | 'alreadyBilled'
  | 'monthNotEnded'
  | 'menuStillOpen'
  | 'lineCorrection'
  | 'lineCostCentre'
  | 'costCentre'
  | 'corrections'
  | 'nothingToBill'
  | 'missingDetails'
  | 'alreadyCredited'
  | 'notAnInvoice'
  | 'invoice'
  | 'creditNote'
  | 'invoiceNo'
  | 'creditNoteNo'
  | 'creditsInvoice'
  | 'issueDate'
  | 'dueDate'
  | 'period'
  | 'seller'
  | 'buyer'
  | 'regNo'
  | 'vatNo'
  | 'iban'
  | 'name'
  | 'lineSubsidy'
  | 'lineBudget'
  | 'lineCompany'
  | 'description'
  | 'net'
  | 'vatRate'
  | 'vat'
  | 'total'
  | 'totalNet'
  | 'totalVat'
  | 'payable'
  | 'statement'
  | 'statementNote'
  | 'location'
  | 'orders'
  | 'gross'
  | 'subsidy'
  | 'budgetPart'
  | 'companyOrders'
  | 'bonus'
  | 'cash'
  | 'card'
  | 'bank'
  | 'refunds'
  | 'totals'
  | 'month'
  | 'employee'
  | 'email'
  | 'employeeShare'
  | 'payrollTitle'
  | 'sheetStatement'
  | 'sheetPayroll'
  | 'onTime'
  | 'onTimeLeftOut';

/** Texts of invoices, credit notes, statements and exports (issue 16). */
export const invoiceText = defineMessages<Key>(
  {
    en: {
      unknownCompany: 'No location has this registration number.',
      alreadyBilled: 'Invoice {code} already bills {locations} for this month; credit it first to bill the month again.',
      monthNotEnded: 'This month has not ended yet: it can be invoiced from {date}.',
      menuStillOpen: 'The menu “{title}” of this month still takes orders; invoice the month once its ordering has closed.',
      lineCorrection: 'Correction: {reason}',
      lineCostCentre: 'cost centre {code} {title}',
      costCentre: 'Cost centre',
      corrections: 'Corrections',
      nothingToBill: 'There is nothing to bill for this month: no subsidy was used.',
      missingDetails: 'Fill in these details first: {fields}.',
      alreadyCredited: 'This invoice has already been credited.',
      notAnInvoice: 'Only an invoice can be credited.',
      invoice: 'Invoice',
      creditNote: 'Credit note',
      invoiceNo: 'Invoice No. {code}',
      creditNoteNo: 'Credit note No. {code}',
      creditsInvoice: 'Credits invoice No. {code}',
      issueDate: 'Issue date',
      dueDate: 'Due date',
      period: 'Period',
      seller: 'Seller',
      buyer: 'Buyer',
      regNo: 'Reg. No.',
      vatNo: 'VAT No.',
      iban: 'Account (IBAN)',
      name: 'name',
      lineSubsidy: 'Lunch subsidy, {location}, {month}: {count} orders',
      lineBudget: "Employer's budget, {location}, {month}",
      lineCompany: 'Meeting and guest orders, {location}, {month}: {count} orders',
      description: 'Description',
      net: 'Net',
      vatRate: 'VAT %',
      vat: 'VAT',
      total: 'Total',
      totalNet: 'Total without VAT',
      totalVat: 'VAT {rate} %',
      payable: 'Amount due',
      statement: 'Statement of orders',
      statementNote: 'For information: the employer pays the subsidy share; employees paid the rest themselves.',
      onTime: 'Delivered on time: {onTime} of {counted} ({rate} %)',
      onTimeLeftOut: 'Deliveries without a promised time (not counted): {count}',
      location: 'Location',
      orders: 'Orders',
      gross: 'Food value',
      subsidy: 'Subsidy (employer)',
      budgetPart: 'Budget (employer)',
      companyOrders: 'Meeting and guest orders (employer)',
      bonus: 'Bonus',
      cash: 'Paid in cash',
      card: 'Paid by card',
      bank: 'Paid by bank link',
      refunds: 'Refunds',
      totals: 'Total',
      month: 'Month',
      employee: 'Employee',
      email: 'E-mail',
      employeeShare: 'Amount to deduct',
      payrollTitle: 'Payroll deduction',
      sheetStatement: 'Statement',
      sheetPayroll: 'Payroll deduction',
    },
    lv: {
      unknownCompany: 'Nevienai vietai nav šāda reģistrācijas numura.',
      alreadyBilled: 'Rēķins {code} jau ietver {locations} par šo mēnesi; lai izrakstītu vēlreiz, vispirms to kreditējiet.',
      monthNotEnded: 'Šis mēnesis vēl nav beidzies: rēķinu par to var izrakstīt no {date}.',
      menuStillOpen: 'Šī mēneša ēdienkartē “{title}” vēl var pasūtīt; izrakstiet rēķinu, kad pasūtīšana ir slēgta.',
      lineCorrection: 'Korekcija: {reason}',
      lineCostCentre: 'izmaksu centrs {code} {title}',
      costCentre: 'Izmaksu centrs',
      corrections: 'Korekcijas',
      nothingToBill: 'Par šo mēnesi nav ko izrakstīt: dotācija netika izmantota.',
      missingDetails: 'Vispirms aizpildiet šos datus: {fields}.',
      alreadyCredited: 'Šis rēķins jau ir kreditēts.',
      notAnInvoice: 'Kreditēt var tikai rēķinu.',
      invoice: 'Rēķins',
      creditNote: 'Kredītrēķins',
      invoiceNo: 'Rēķins Nr. {code}',
      creditNoteNo: 'Kredītrēķins Nr. {code}',
      creditsInvoice: 'Kreditē rēķinu Nr. {code}',
      issueDate: 'Izrakstīšanas datums',
      dueDate: 'Apmaksas termiņš',
      period: 'Periods',
      seller: 'Pārdevējs',
      buyer: 'Pircējs',
      regNo: 'Reģ. Nr.',
      vatNo: 'PVN Nr.',
      iban: 'Konts (IBAN)',
      name: 'nosaukums',
      lineSubsidy: 'Pusdienu dotācija, {location}, {month}: {count} pasūtījumi',
      lineBudget: 'Darba devēja budžets, {location}, {month}',
      lineCompany: 'Sapulču un viesu pasūtījumi, {location}, {month}: {count} pasūtījumi',
      description: 'Apraksts',
      net: 'Bez PVN',
      vatRate: 'PVN %',
      vat: 'PVN',
      total: 'Kopā',
      totalNet: 'Kopā bez PVN',
      totalVat: 'PVN {rate} %',
      payable: 'Apmaksājamā summa',
      statement: 'Pasūtījumu pārskats',
      statementNote: 'Informācijai: darba devējs maksā dotācijas daļu; pārējo darbinieki samaksāja paši.',
      onTime: 'Piegādāts laikā: {onTime} no {counted} ({rate} %)',
      onTimeLeftOut: 'Piegādes bez solītā laika (netiek skaitītas): {count}',
      location: 'Vieta',
      orders: 'Pasūtījumi',
      gross: 'Ēdienu vērtība',
      subsidy: 'Dotācija (darba devējs)',
      budgetPart: 'Budžets (darba devējs)',
      companyOrders: 'Sapulču un viesu pasūtījumi (darba devējs)',
      bonus: 'Bonuss',
      cash: 'Samaksāts skaidrā naudā',
      card: 'Samaksāts ar karti',
      bank: 'Samaksāts ar bankas saiti',
      refunds: 'Atmaksas',
      totals: 'Kopā',
      month: 'Mēnesis',
      employee: 'Darbinieks',
      email: 'E-pasts',
      employeeShare: 'Ieturamā summa',
      payrollTitle: 'Ieturējumi no algas',
      sheetStatement: 'Pārskats',
      sheetPayroll: 'Ieturējumi',
    },
    ru: {
      unknownCompany: 'Ни у одного места нет такого регистрационного номера.',
      alreadyBilled: 'Счёт {code} уже включает {locations} за этот месяц; чтобы выставить снова, сначала сторнируйте его.',
      monthNotEnded: 'Этот месяц ещё не закончился: счёт за него можно выставить с {date}.',
      menuStillOpen: 'В меню «{title}» этого месяца ещё принимаются заказы; выставьте счёт, когда приём заказов закроется.',
      lineCorrection: 'Корректировка: {reason}',
      lineCostCentre: 'центр затрат {code} {title}',
      costCentre: 'Центр затрат',
      corrections: 'Корректировки',
      nothingToBill: 'За этот месяц нечего выставлять: дотация не использовалась.',
      missingDetails: 'Сначала заполните эти данные: {fields}.',
      alreadyCredited: 'Этот счёт уже сторнирован.',
      notAnInvoice: 'Сторнировать можно только счёт.',
      invoice: 'Счёт',
      creditNote: 'Кредитовый счёт',
      invoiceNo: 'Счёт № {code}',
      creditNoteNo: 'Кредитовый счёт № {code}',
      creditsInvoice: 'Сторнирует счёт № {code}',
      issueDate: 'Дата выставления',
      dueDate: 'Срок оплаты',
      period: 'Период',
      seller: 'Продавец',
      buyer: 'Покупатель',
      regNo: 'Рег. №',
      vatNo: 'НДС №',
      iban: 'Счёт (IBAN)',
      name: 'название',
      lineSubsidy: 'Дотация на обеды, {location}, {month}: заказов {count}',
      lineBudget: 'Бюджет работодателя, {location}, {month}',
      lineCompany: 'Заказы для встреч и гостей, {location}, {month}: заказов {count}',
      description: 'Описание',
      net: 'Без НДС',
      vatRate: 'НДС %',
      vat: 'НДС',
      total: 'Итого',
      totalNet: 'Итого без НДС',
      totalVat: 'НДС {rate} %',
      payable: 'К оплате',
      statement: 'Выписка заказов',
      statementNote: 'Для информации: работодатель оплачивает долю дотации; остальное сотрудники оплатили сами.',
      onTime: 'Доставлено вовремя: {onTime} из {counted} ({rate} %)',
      onTimeLeftOut: 'Доставки без обещанного времени (не учитываются): {count}',
      location: 'Место',
      orders: 'Заказы',
      gross: 'Стоимость блюд',
      subsidy: 'Дотация (работодатель)',
      budgetPart: 'Бюджет (работодатель)',
      companyOrders: 'Заказы для встреч и гостей (работодатель)',
      bonus: 'Бонус',
      cash: 'Оплачено наличными',
      card: 'Оплачено картой',
      bank: 'Оплачено через банк',
      refunds: 'Возвраты',
      totals: 'Итого',
      month: 'Месяц',
      employee: 'Сотрудник',
      email: 'Эл. почта',
      employeeShare: 'Сумма к удержанию',
      payrollTitle: 'Удержания из зарплаты',
      sheetStatement: 'Выписка',
      sheetPayroll: 'Удержания',
    },
  },
  'invoices',
);
