/** Catalogue of the demo provider: allergens, categories and set meals (plain dishes: demo-dishes.ts), and the demo menus. */

export type Texts = { lv: string; en: string; ru: string };

/**
 * The 14 allergens of EU Regulation 1169/2011, Annex II, in its order and in the wording of its
 * Latvian and English texts (Russian is not an EU language: the usual Russian terms; decision 034).
 */
export const DEMO_ALLERGENS: { code: string; title: Texts }[] = [
  { code: 'gluten', title: { lv: 'Graudaugi, kas satur lipekli', en: 'Cereals containing gluten', ru: 'Злаки, содержащие глютен' } },
  { code: 'crustaceans', title: { lv: 'Vēžveidīgie', en: 'Crustaceans', ru: 'Ракообразные' } },
  { code: 'eggs', title: { lv: 'Olas', en: 'Eggs', ru: 'Яйца' } },
  { code: 'fish', title: { lv: 'Zivis', en: 'Fish', ru: 'Рыба' } },
  { code: 'peanuts', title: { lv: 'Zemesrieksti', en: 'Peanuts', ru: 'Арахис' } },
  { code: 'soybeans', title: { lv: 'Sojas pupas', en: 'Soybeans', ru: 'Соевые бобы' } },
  { code: 'milk', title: { lv: 'Piens', en: 'Milk', ru: 'Молоко' } },
  { code: 'nuts', title: { lv: 'Rieksti', en: 'Nuts', ru: 'Орехи' } },
  { code: 'celery', title: { lv: 'Selerijas', en: 'Celery', ru: 'Сельдерей' } },
  { code: 'mustard', title: { lv: 'Sinepes', en: 'Mustard', ru: 'Горчица' } },
  { code: 'sesame', title: { lv: 'Sezama sēklas', en: 'Sesame seeds', ru: 'Семена кунжута' } },
  { code: 'sulphites', title: { lv: 'Sēra dioksīds un sulfīti', en: 'Sulphur dioxide and sulphites', ru: 'Диоксид серы и сульфиты' } },
  { code: 'lupin', title: { lv: 'Lupīna', en: 'Lupin', ru: 'Люпин' } },
  { code: 'molluscs', title: { lv: 'Gliemji', en: 'Molluscs', ru: 'Моллюски' } },
];

export type CategoryKey = 'sets' | 'soups' | 'mains' | 'salads' | 'desserts' | 'drinks';

export const DEMO_CATEGORIES: { key: CategoryKey; title: Texts; groupName: string; simple: boolean }[] = [
  { key: 'sets', title: { lv: 'Kompleksās pusdienas', en: 'Set lunches', ru: 'Комплексные обеды' }, groupName: '', simple: false },
  { key: 'soups', title: { lv: 'Zupas', en: 'Soups', ru: 'Супы' }, groupName: 'Siltie ēdieni', simple: false },
  { key: 'mains', title: { lv: 'Pamatēdieni', en: 'Main courses', ru: 'Основные блюда' }, groupName: 'Siltie ēdieni', simple: false },
  { key: 'salads', title: { lv: 'Salāti', en: 'Salads', ru: 'Салаты' }, groupName: 'Aukstie ēdieni', simple: false },
  { key: 'desserts', title: { lv: 'Deserti', en: 'Desserts', ru: 'Десерты' }, groupName: 'Aukstie ēdieni', simple: false },
  { key: 'drinks', title: { lv: 'Dzērieni', en: 'Drinks', ru: 'Напитки' }, groupName: 'Dzērieni', simple: true },
];

export interface DemoComplex {
  code: string;
  title: Texts;
  summary: Texts;
  groups: {
    category: CategoryKey;
    title: Texts;
    optional: boolean;
    /** Option dishes by code; priceCents overrides the dish price inside this complex. */
    options: { code: string; priceCents?: number }[];
  }[];
}

export const DEMO_COMPLEXES: DemoComplex[] = [
  {
    code: 'K01',
    title: { lv: 'Dienas komplekss', en: 'Lunch of the day', ru: 'Комплексный обед дня' },
    summary: {
      lv: 'Zupa un pamatēdiens pēc izvēles, pēc vēlēšanās arī deserts.',
      en: 'A soup and a main course of your choice, with an optional dessert.',
      ru: 'Суп и основное блюдо на выбор, по желанию — десерт.',
    },
    groups: [
      {
        category: 'soups',
        title: { lv: 'Zupa', en: 'Soup', ru: 'Суп' },
        optional: false,
        options: [{ code: 'Z02' }, { code: 'Z03' }, { code: 'Z04' }],
      },
      {
        category: 'mains',
        title: { lv: 'Pamatēdiens', en: 'Main course', ru: 'Основное блюдо' },
        optional: false,
        options: [{ code: 'P01' }, { code: 'P02' }, { code: 'P05' }],
      },
      {
        category: 'desserts',
        title: { lv: 'Deserts', en: 'Dessert', ru: 'Десерт' },
        optional: true,
        options: [{ code: 'D01', priceCents: 150 }, { code: 'D02' }],
      },
    ],
  },
  {
    code: 'K02',
    title: { lv: 'Vieglais komplekss', en: 'Light set lunch', ru: 'Лёгкий комплексный обед' },
    summary: {
      lv: 'Dienas zupa un salāti, dzēriens pēc izvēles.',
      en: 'Soup of the day and a salad, with an optional drink.',
      ru: 'Суп дня и салат, напиток по желанию.',
    },
    groups: [
      {
        category: 'soups',
        title: { lv: 'Dienas zupa', en: 'Soup of the day', ru: 'Суп дня' },
        optional: false,
        options: [{ code: 'Z03' }],
      },
      {
        category: 'salads',
        title: { lv: 'Salāti', en: 'Salad', ru: 'Салат' },
        optional: false,
        options: [{ code: 'S02' }, { code: 'S03' }],
      },
      {
        category: 'drinks',
        title: { lv: 'Dzēriens', en: 'Drink', ru: 'Напиток' },
        optional: true,
        options: [{ code: 'N01' }, { code: 'N03' }],
      },
    ],
  },
];

export interface DemoMenuPlan {
  /** Days after today. */
  dayOffset: number;
  /** Simple dishes beyond the complexes and their options. */
  extraDishes: string[];
  /** Per-menu prices by dish code. */
  prices: Record<string, number>;
  /** Stock by dish code; a dish not listed is unlimited. */
  balances: Record<string, number>;
}

export const DEMO_MENUS: DemoMenuPlan[] = [
  {
    dayOffset: 0,
    extraDishes: ['P03', 'S01', 'N04'],
    prices: { P03: 690, S01: 450 },
    balances: { P03: 3, D02: 4, P01: 10, K01: 25, S01: 0 },
  },
  {
    dayOffset: 1,
    extraDishes: ['Z01', 'P06', 'D03', 'N02'],
    prices: { Z01: 310 },
    balances: { P06: 4, Z01: 10, K02: 25 },
  },
];
