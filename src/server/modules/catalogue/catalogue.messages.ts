import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'unknownCategory'
  | 'unknownAllergen'
  | 'unknownDish'
  | 'categoryInUse'
  | 'dishInUse'
  | 'dishOnMenus'
  | 'dishOrdered'
  | 'dishLeftovers'
  | 'dishInComplex'
  | 'complexNeedsGroups'
  | 'simpleHasGroups'
  | 'optionNotSimple'
  | 'optionSelf'
  | 'optionWrongCategory'
  | 'optionDuplicate'
  | 'unknownGroup'
  | 'usedAsOption'
  | 'optionCategoryLocked'
  | 'imageRequired'
  | 'imageType'
  | 'imageTooLarge'
  | 'imageTooManyPixels'
  | 'imageBroken'
  | 'imageSize'
  | 'noImage';

export const catalogueText = defineMessages<Key>(
  {
    en: {
      unknownCategory: 'This category does not exist.',
      unknownAllergen: 'This allergen does not exist.',
      unknownDish: 'This dish does not exist.',
      categoryInUse: {
        one: 'The category cannot be deleted: it is used by {count} dish: {names}. Move or delete it first.',
        other: 'The category cannot be deleted: it is used by {count} dishes: {names}. Move or delete them first.',
      },
      dishInUse: 'The dish cannot be deleted. {reasons} Switch its status off to hide it instead.',
      dishOnMenus: 'It is on menu(s): {names}.',
      dishOrdered: 'It has been ordered.',
      dishLeftovers: 'Its leftovers are counted in the monthly waste summary.',
      dishInComplex: 'It is an option of the set meal(s): {names}.',
      complexNeedsGroups: 'A set meal needs at least one group of dishes.',
      simpleHasGroups: 'Only set meals (complex or initial) have groups.',
      optionNotSimple: 'Only simple dishes can be options of a set meal.',
      optionSelf: 'A set meal cannot contain itself.',
      optionWrongCategory: 'This dish is not in the category chosen for the group.',
      optionDuplicate: 'This dish is already in the group.',
      unknownGroup: 'This group does not belong to the dish.',
      usedAsOption: 'This dish is an option of the set meal(s) {names}, so it must stay simple.',
      optionCategoryLocked:
        'This dish is an option of the set meal(s) {names}, whose groups take dishes of its current category. Remove it from them first.',
      imageRequired: 'Choose an image file.',
      imageType: 'Only PNG, GIF and JPEG images are accepted.',
      imageTooLarge: 'The image may be at most {mb} MB.',
      imageTooManyPixels: 'The image may have at most {mp} megapixels.',
      imageBroken: 'The image could not be read; it may be damaged.',
      imageSize: 'This image size is not available. Sizes: {sizes}.',
      noImage: 'This dish has no image.',
    },
    lv: {
      unknownCategory: 'Šāda kategorija neeksistē.',
      unknownAllergen: 'Šāds alergēns neeksistē.',
      unknownDish: 'Šāds ēdiens neeksistē.',
      categoryInUse: {
        zero: 'Kategoriju nevar dzēst: to izmanto {count} ēdieni: {names}. Vispirms pārvietojiet vai dzēsiet tos.',
        one: 'Kategoriju nevar dzēst: to izmanto {count} ēdiens: {names}. Vispirms pārvietojiet vai dzēsiet to.',
        other: 'Kategoriju nevar dzēst: to izmanto {count} ēdieni: {names}. Vispirms pārvietojiet vai dzēsiet tos.',
      },
      dishInUse: 'Ēdienu nevar dzēst. {reasons} Lai to paslēptu, izslēdziet tā statusu.',
      dishOnMenus: 'Tas ir ēdienkartē(s): {names}.',
      dishOrdered: 'Tas ir pasūtīts.',
      dishLeftovers: 'Tā pārpalikumi ir iekļauti mēneša pārtikas atkritumu pārskatā.',
      dishInComplex: 'Tas ir kompleksa(-u) izvēle: {names}.',
      complexNeedsGroups: 'Kompleksam vajag vismaz vienu ēdienu grupu.',
      simpleHasGroups: 'Grupas ir tikai kompleksiem (complex vai initial).',
      optionNotSimple: 'Kompleksa izvēle var būt tikai vienkāršs ēdiens.',
      optionSelf: 'Komplekss nevar saturēt pats sevi.',
      optionWrongCategory: 'Šis ēdiens nav grupai izvēlētajā kategorijā.',
      optionDuplicate: 'Šis ēdiens jau ir grupā.',
      unknownGroup: 'Šī grupa nepieder šim ēdienam.',
      usedAsOption: 'Šis ēdiens ir kompleksa(-u) {names} izvēle, tāpēc tam jāpaliek vienkāršam.',
      optionCategoryLocked:
        'Šis ēdiens ir kompleksa(-u) {names} izvēle, un to grupās ir tikai tā pašreizējās kategorijas ēdieni. Vispirms izņemiet to no tiem.',
      imageRequired: 'Izvēlieties attēla failu.',
      imageType: 'Tiek pieņemti tikai PNG, GIF un JPEG attēli.',
      imageTooLarge: 'Attēls nedrīkst pārsniegt {mb} MB.',
      imageTooManyPixels: 'Attēlā drīkst būt ne vairāk kā {mp} megapikseļi.',
      imageBroken: 'Attēlu neizdevās nolasīt; tas var būt bojāts.',
      imageSize: 'Šāds attēla izmērs nav pieejams. Izmēri: {sizes}.',
      noImage: 'Šim ēdienam nav attēla.',
    },
    ru: {
      unknownCategory: 'Такой категории не существует.',
      unknownAllergen: 'Такого аллергена не существует.',
      unknownDish: 'Такого блюда не существует.',
      categoryInUse: {
        one: 'Категорию нельзя удалить: её использует {count} блюдо: {names}. Сначала перенесите или удалите его.',
        few: 'Категорию нельзя удалить: её используют {count} блюда: {names}. Сначала перенесите или удалите их.',
        many: 'Категорию нельзя удалить: её используют {count} блюд: {names}. Сначала перенесите или удалите их.',
        other: 'Категорию нельзя удалить: её используют {count} блюда: {names}. Сначала перенесите или удалите их.',
      },
      dishInUse: 'Блюдо нельзя удалить. {reasons} Чтобы скрыть его, выключите его статус.',
      dishOnMenus: 'Оно есть в меню: {names}.',
      dishOrdered: 'Его уже заказывали.',
      dishLeftovers: 'Его остатки учтены в месячном отчёте о пищевых отходах.',
      dishInComplex: 'Оно входит в комплекс(ы): {names}.',
      complexNeedsGroups: 'Комплексу нужна хотя бы одна группа блюд.',
      simpleHasGroups: 'Группы бывают только у комплексов (complex или initial).',
      optionNotSimple: 'Вариантом комплекса может быть только простое блюдо.',
      optionSelf: 'Комплекс не может содержать сам себя.',
      optionWrongCategory: 'Это блюдо не из категории, выбранной для группы.',
      optionDuplicate: 'Это блюдо уже есть в группе.',
      unknownGroup: 'Эта группа не принадлежит блюду.',
      usedAsOption: 'Это блюдо входит в комплекс(ы) {names}, поэтому оно должно остаться простым.',
      optionCategoryLocked:
        'Это блюдо входит в комплекс(ы) {names}, группы которых состоят из блюд его текущей категории. Сначала уберите его оттуда.',
      imageRequired: 'Выберите файл изображения.',
      imageType: 'Принимаются только изображения PNG, GIF и JPEG.',
      imageTooLarge: 'Размер изображения не может превышать {mb} МБ.',
      imageTooManyPixels: 'В изображении может быть не более {mp} мегапикселей.',
      imageBroken: 'Не удалось прочитать изображение; возможно, оно повреждено.',
      imageSize: 'Такой размер изображения недоступен. Размеры: {sizes}.',
      noImage: 'У этого блюда нет изображения.',
    },
  },
  'catalogue',
);
