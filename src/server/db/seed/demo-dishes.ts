import type { DietTag } from '../../../shared/dietary.js';
import type { CategoryKey, Texts } from './demo-catalogue.js';

/** The demo provider's plain dishes (set meals: demo-catalogue.ts) and their diet tags. */

export interface DemoDish {
  code: string;
  category: CategoryKey;
  title: Texts;
  /** null: deliberately left empty (the management list warns about it). */
  summary: Texts | null;
  priceCents: number;
  allergens: string[];
}

/** Diet tags of the demo dishes by code (the rest have none). */
export const DEMO_DIETS: Record<string, DietTag[]> = {
  Z01: ['pork', 'spicy', 'gluten_free'],
  Z03: ['vegetarian', 'gluten_free'],
  Z04: ['vegetarian', 'gluten_free'],
  P01: ['pork'],
  P02: ['gluten_free'],
  P03: ['gluten_free'],
  P04: ['pork', 'gluten_free', 'lactose_free'],
  P06: ['vegetarian', 'gluten_free'],
  S02: ['vegetarian', 'gluten_free'],
  S04: ['vegetarian', 'gluten_free'],
  D01: ['vegetarian'],
  D02: ['vegetarian'],
  D03: ['vegetarian'],
  D04: ['vegan', 'gluten_free', 'lactose_free'],
  N01: ['vegan', 'gluten_free', 'lactose_free'],
  N02: ['vegetarian', 'gluten_free'],
  N03: ['vegan', 'gluten_free', 'lactose_free'],
  N04: ['vegan', 'gluten_free', 'lactose_free'],
  N05: ['vegan', 'gluten_free', 'lactose_free'],
};

export const DEMO_DISHES: DemoDish[] = [
  // Soups
  {
    code: 'Z01',
    category: 'soups',
    title: { lv: 'Gaļas soļanka', en: 'Meat solyanka', ru: 'Мясная солянка' },
    summary: {
      lv: 'Bagātīga zupa ar kūpinājumiem, desiņām, marinētiem gurķiem, olīvām un citrona šķēlīti.',
      en: 'Hearty soup with smoked meats, sausages, pickles, olives and a slice of lemon.',
      ru: 'Наваристый суп с копчёностями, сосисками, солёными огурцами, оливками и долькой лимона.',
    },
    priceCents: 340,
    allergens: ['celery'],
  },
  {
    code: 'Z02',
    category: 'soups',
    title: { lv: 'Borščs ar krējumu', en: 'Borscht with sour cream', ru: 'Борщ со сметаной' },
    summary: {
      lv: 'Klasiskā biešu zupa ar kāpostiem, kartupeļiem un liellopa gaļu, pasniegta ar skābo krējumu un dillēm.',
      en: 'Classic beetroot soup with cabbage, potatoes and beef, served with sour cream and dill.',
      ru: 'Классический свекольный суп с капустой, картофелем и говядиной, подаётся со сметаной и укропом.',
    },
    priceCents: 290,
    allergens: ['milk', 'celery'],
  },
  {
    code: 'Z03',
    category: 'soups',
    title: { lv: 'Ķirbju krēmzupa', en: 'Pumpkin cream soup', ru: 'Тыквенный крем-суп' },
    summary: {
      lv: 'Samtaina ķirbju zupa ar ingveru un saldo krējumu, pasniegta ar grauzdētām ķirbju sēklām.',
      en: 'Velvety pumpkin soup with ginger and cream, topped with toasted pumpkin seeds.',
      ru: 'Нежный тыквенный суп с имбирём и сливками, с обжаренными тыквенными семечками.',
    },
    priceCents: 310,
    allergens: ['milk'],
  },
  {
    code: 'Z04',
    category: 'soups',
    title: { lv: 'Skābeņu zupa ar olu', en: 'Sorrel soup with egg', ru: 'Щавелевый суп с яйцом' },
    summary: {
      lv: 'Pavasarīga skābeņu zupa ar kartupeļiem, vārītu olu un skābo krējumu.',
      en: 'Fresh sorrel soup with potatoes, a boiled egg and sour cream.',
      ru: 'Весенний щавелевый суп с картофелем, варёным яйцом и сметаной.',
    },
    priceCents: 270,
    allergens: ['eggs', 'milk'],
  },
  // Main courses
  {
    code: 'P01',
    category: 'mains',
    title: { lv: 'Cūkgaļas karbonāde', en: 'Breaded pork chop', ru: 'Свиная отбивная в панировке' },
    summary: {
      lv: 'Panēta cūkgaļas karbonāde ar vārītiem kartupeļiem, sautētiem skābētiem kāpostiem un dillēm.',
      en: 'Breaded pork chop with boiled potatoes, braised sauerkraut and dill.',
      ru: 'Свиная отбивная в панировке с отварным картофелем, тушёной квашеной капустой и укропом.',
    },
    priceCents: 650,
    allergens: ['gluten', 'eggs'],
  },
  {
    code: 'P02',
    category: 'mains',
    title: { lv: 'Grilēta vistas fileja', en: 'Grilled chicken breast', ru: 'Куриное филе на гриле' },
    summary: {
      lv: 'Vistas krūtiņa ar jasmīna rīsiem, grilētiem dārzeņiem un jogurta un ķiploku mērci.',
      en: 'Chicken breast with jasmine rice, grilled vegetables and garlic yoghurt sauce.',
      ru: 'Куриная грудка с жасминовым рисом, овощами гриль и чесночно-йогуртовым соусом.',
    },
    priceCents: 590,
    allergens: ['milk'],
  },
  {
    code: 'P03',
    category: 'mains',
    title: { lv: 'Cepta laša fileja', en: 'Pan-fried salmon', ru: 'Жареное филе лосося' },
    summary: {
      lv: 'Laša fileja ar kartupeļu biezeni, sviesta un citronu mērci un tvaicētiem brokoļiem.',
      en: 'Salmon fillet with mashed potatoes, lemon butter sauce and steamed broccoli.',
      ru: 'Филе лосося с картофельным пюре, лимонно-сливочным соусом и брокколи на пару.',
    },
    priceCents: 750,
    allergens: ['fish', 'milk'],
  },
  {
    code: 'P04',
    category: 'mains',
    title: { lv: 'Pelēkie zirņi ar speķi', en: 'Grey peas with bacon', ru: 'Серый горох со шпеком' },
    summary: {
      lv: 'Tradicionāls latviešu ēdiens: pelēkie zirņi ar apceptu speķi un sīpoliem.',
      en: 'A traditional Latvian dish: grey peas with fried bacon and onions.',
      ru: 'Традиционное латышское блюдо: серый горох с обжаренным шпеком и луком.',
    },
    priceCents: 450,
    allergens: [],
  },
  {
    code: 'P05',
    category: 'mains',
    title: { lv: 'Mājas kotletes ar griķiem', en: 'Homemade meat patties with buckwheat', ru: 'Домашние котлеты с гречкой' },
    summary: {
      lv: 'Cūkgaļas un liellopa gaļas kotletes ar griķiem, brūno mērci un svaigu gurķu salātiem.',
      en: 'Pork and beef patties with buckwheat, brown gravy and fresh cucumber salad.',
      ru: 'Котлеты из свинины и говядины с гречкой, мясным соусом и салатом из свежих огурцов.',
    },
    priceCents: 520,
    allergens: ['gluten', 'eggs'],
  },
  {
    code: 'P06',
    category: 'mains',
    title: { lv: 'Sēņu risoto', en: 'Mushroom risotto', ru: 'Ризотто с грибами' },
    summary: {
      lv: 'Krēmīgs risoto ar meža sēnēm, parmezānu un svaigiem pētersīļiem.',
      en: 'Creamy risotto with wild mushrooms, parmesan and fresh parsley.',
      ru: 'Сливочное ризотто с лесными грибами, пармезаном и свежей петрушкой.',
    },
    priceCents: 560,
    allergens: ['milk', 'celery', 'sulphites'],
  },
  // Salads
  {
    code: 'S01',
    category: 'salads',
    title: { lv: 'Cēzara salāti ar vistu', en: 'Caesar salad with chicken', ru: 'Салат «Цезарь» с курицей' },
    summary: {
      lv: 'Romiešu salāti, grilēta vista, parmezāns, ķiploku grauzdiņi un Cēzara mērce.',
      en: 'Romaine lettuce, grilled chicken, parmesan, garlic croutons and Caesar dressing.',
      ru: 'Салат романо, курица гриль, пармезан, чесночные гренки и соус «Цезарь».',
    },
    priceCents: 480,
    allergens: ['gluten', 'eggs', 'fish', 'milk', 'mustard'],
  },
  {
    code: 'S02',
    category: 'salads',
    title: { lv: 'Grieķu salāti', en: 'Greek salad', ru: 'Греческий салат' },
    summary: {
      lv: 'Tomāti, gurķi, paprika, sarkanie sīpoli, Kalamata olīvas un fetas siers ar olīveļļu.',
      en: 'Tomatoes, cucumber, bell pepper, red onion, Kalamata olives and feta with olive oil.',
      ru: 'Помидоры, огурцы, сладкий перец, красный лук, оливки каламата и сыр фета с оливковым маслом.',
    },
    priceCents: 420,
    allergens: ['milk'],
  },
  {
    code: 'S03',
    category: 'salads',
    title: { lv: 'Rasols', en: 'Rasols potato salad', ru: 'Салат «Расолс»' },
    summary: {
      lv: 'Latviešu kartupeļu salāti ar gaļu, marinētiem gurķiem, olām, zaļajiem zirnīšiem un krējuma un sinepju mērci.',
      en: 'Latvian potato salad with meat, pickles, eggs, green peas and a sour cream and mustard dressing.',
      ru: 'Латышский картофельный салат с мясом, солёными огурцами, яйцами, зелёным горошком и сметанно-горчичной заправкой.',
    },
    priceCents: 350,
    allergens: ['eggs', 'milk', 'mustard'],
  },
  {
    code: 'S04',
    category: 'salads',
    title: { lv: 'Biešu salāti ar kazas sieru', en: 'Beetroot salad with goat cheese', ru: 'Салат из свёклы с козьим сыром' },
    summary: {
      lv: 'Cepta biete, kazas siers, rukola, grauzdēti valrieksti un medus un balzamiko mērce.',
      en: 'Roasted beetroot, goat cheese, rocket, toasted walnuts and a honey balsamic dressing.',
      ru: 'Запечённая свёкла, козий сыр, руккола, обжаренные грецкие орехи и медово-бальзамическая заправка.',
    },
    priceCents: 460,
    allergens: ['milk', 'nuts', 'sulphites'],
  },
  // Desserts
  {
    code: 'D01',
    category: 'desserts',
    title: { lv: 'Rupjmaizes kārtojums', en: 'Rye bread trifle', ru: 'Десерт из ржаного хлеба' },
    summary: {
      lv: 'Saldās rupjmaizes drupatas ar putukrējumu, dzērveņu ievārījumu un kanēli.',
      en: 'Sweet rye breadcrumbs layered with whipped cream, cranberry jam and cinnamon.',
      ru: 'Сладкая крошка ржаного хлеба со взбитыми сливками, клюквенным вареньем и корицей.',
    },
    priceCents: 290,
    allergens: ['gluten', 'milk'],
  },
  {
    code: 'D02',
    category: 'desserts',
    title: { lv: 'Biezpiena plācenīši', en: 'Quark pancakes', ru: 'Сырники' },
    summary: {
      lv: 'Zeltaini cepti biezpiena plācenīši ar skābo krējumu un meža ogu ievārījumu.',
      en: 'Golden quark pancakes with sour cream and forest berry jam.',
      ru: 'Золотистые сырники со сметаной и вареньем из лесных ягод.',
    },
    priceCents: 280,
    allergens: ['gluten', 'eggs', 'milk'],
  },
  {
    code: 'D03',
    category: 'desserts',
    title: { lv: 'Šokolādes braunijs', en: 'Chocolate brownie', ru: 'Шоколадный брауни' },
    summary: {
      lv: 'Sulīgs šokolādes braunijs ar lazdu riekstiem un vaniļas mērci.',
      en: 'Fudgy chocolate brownie with hazelnuts and vanilla sauce.',
      ru: 'Влажный шоколадный брауни с фундуком и ванильным соусом.',
    },
    priceCents: 320,
    allergens: ['gluten', 'eggs', 'milk', 'nuts', 'soybeans'],
  },
  {
    code: 'D04',
    category: 'desserts',
    title: { lv: 'Sezonas augļu salāti', en: 'Seasonal fruit salad', ru: 'Салат из сезонных фруктов' },
    summary: {
      lv: 'Svaigi sagriezti sezonas augļi un ogas ar piparmētru.',
      en: 'Freshly cut seasonal fruit and berries with mint.',
      ru: 'Свежие нарезанные сезонные фрукты и ягоды с мятой.',
    },
    priceCents: 220,
    allergens: [],
  },
  // Drinks
  {
    code: 'N01',
    category: 'drinks',
    title: { lv: 'Dzērveņu morss', en: 'Cranberry drink', ru: 'Клюквенный морс' },
    summary: {
      lv: 'Atsvaidzinošs mājās gatavots dzērveņu dzēriens, 0,4 l.',
      en: 'Refreshing homemade cranberry drink, 0.4 l.',
      ru: 'Освежающий домашний клюквенный морс, 0,4 л.',
    },
    priceCents: 180,
    allergens: [],
  },
  {
    code: 'N02',
    category: 'drinks',
    title: { lv: 'Kafija ar pienu', en: 'Coffee with milk', ru: 'Кофе с молоком' },
    summary: {
      lv: 'Svaigi malta kafija ar putotu pienu, 0,3 l.',
      en: 'Freshly ground coffee with frothed milk, 0.3 l.',
      ru: 'Свежемолотый кофе со взбитым молоком, 0,3 л.',
    },
    priceCents: 220,
    allergens: ['milk'],
  },
  {
    code: 'N03',
    category: 'drinks',
    title: { lv: 'Melnā tēja ar citronu', en: 'Black tea with lemon', ru: 'Чёрный чай с лимоном' },
    summary: {
      lv: 'Ceilonas melnā tēja ar citrona šķēlīti, 0,3 l.',
      en: 'Ceylon black tea with a slice of lemon, 0.3 l.',
      ru: 'Цейлонский чёрный чай с долькой лимона, 0,3 л.',
    },
    priceCents: 120,
    allergens: [],
  },
  {
    code: 'N04',
    category: 'drinks',
    title: { lv: 'Minerālūdens', en: 'Mineral water', ru: 'Минеральная вода' },
    summary: null,
    priceCents: 100,
    allergens: [],
  },
  {
    code: 'N05',
    category: 'drinks',
    title: { lv: 'Ābolu sula', en: 'Apple juice', ru: 'Яблочный сок' },
    summary: {
      lv: 'Latvijā spiesta dabīgā ābolu sula, 0,33 l.',
      en: 'Natural apple juice pressed in Latvia, 0.33 l.',
      ru: 'Натуральный яблочный сок прямого отжима из Латвии, 0,33 л.',
    },
    priceCents: 150,
    allergens: [],
  },
];
