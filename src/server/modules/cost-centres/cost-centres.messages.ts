import { defineMessages } from '../../lib/i18n.js';

type Key = 'notAllowed' | 'noCompany' | 'unknownCompany' | 'codeTaken' | 'notOfCompany' | 'invoiced';

/** Texts of the cost centres area (decision 075). */
export const costCentresText = defineMessages<Key>(
  {
    en: {
      notAllowed: 'Only an administrator or the location’s manager can manage cost centres.',
      noCompany: 'This location has no company registration number, so it has no cost centres.',
      unknownCompany: 'No location has this registration number.',
      codeTaken: 'The company already has a cost centre with this code.',
      notOfCompany: 'Choose an active cost centre of this company.',
      invoiced: 'This order is on an issued invoice ({code}); its cost centre can no longer change.',
    },
    lv: {
      notAllowed: 'Izmaksu centrus var pārvaldīt tikai administrators vai vietas vadītājs.',
      noCompany: 'Šai vietai nav uzņēmuma reģistrācijas numura, tāpēc tai nav izmaksu centru.',
      unknownCompany: 'Nevienai vietai nav šāda reģistrācijas numura.',
      codeTaken: 'Uzņēmumam jau ir izmaksu centrs ar šādu kodu.',
      notOfCompany: 'Izvēlieties aktīvu šī uzņēmuma izmaksu centru.',
      invoiced: 'Šis pasūtījums ir izrakstītā rēķinā ({code}); tā izmaksu centru vairs nevar mainīt.',
    },
    ru: {
      notAllowed: 'Управлять центрами затрат может только администратор или менеджер места.',
      noCompany: 'У этого места нет регистрационного номера компании, поэтому у него нет центров затрат.',
      unknownCompany: 'Ни у одного места нет такого регистрационного номера.',
      codeTaken: 'У компании уже есть центр затрат с таким кодом.',
      notOfCompany: 'Выберите активный центр затрат этой компании.',
      invoiced: 'Этот заказ включён в выставленный счёт ({code}); его центр затрат больше нельзя изменить.',
    },
  },
  'costCentres',
);
