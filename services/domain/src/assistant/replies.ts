import { formatPlain } from '../money/money';
import { RESERVATION_DEPOSIT_NGN } from '../inventory/reservation';
import type { SiteLanguage } from '../platform/languages';
import type { ChatCitation, ChatContext, ChatReply, ChatStage, ChatUsage, ChatVehicleCard, ChatVehicleType, TaraTopic } from './contracts';
import type { ChatCondition, ChatFilterSlot, ChatFuel, ChatPriority } from './slots';
import type { CardSort, ChatNeed, Understanding } from './understanding';

export { CHAT_FAILURE_MESSAGE } from './failure';

/**
 * What Tara says, in English, French, Arabic and Swahili. Grounded: a reply names only the vehicles it is given
 * (`matches.vehicles`, real listed cars the API found) and says plainly when they are not what was asked. Pure and
 * browser-safe (no zod): the widget may import `describeContext`, `firstSuggestionsFor` and `sortCards` from here.
 */

/**
 * How the cards of a reply relate to what the buyer asked: Tara says which, and never names another car.
 * - within-budget: they match what was asked (type and budget);
 * - cheaper-than-asked: the budget is below every car that fits; these are the cheapest, priced above the budget;
 * - other-type: none of the asked type within the budget; these are the closest of other types;
 * - none: nothing to offer (the cards are empty);
 * - not-asked: no search yet (too little understood); the cards are empty or a first pick.
 * - relaxed: nothing satisfies every slot; for each slot that, let go, finds cars, the closest cars without it.
 */
export type MatchKind = 'within-budget' | 'cheaper-than-asked' | 'other-type' | 'relaxed' | 'none' | 'not-asked';

export interface VehicleMatches {
  kind: MatchKind;
  /** Real listed vehicles, prices in the visitor's currency (as the vehicle page shows them). */
  vehicles: ChatVehicleCard[];
  /** With 'relaxed': each slot that, let go, finds cars, with those cars (all of them among `vehicles`). */
  relaxed?: Array<{ slot: ChatFilterSlot; vehicles: ChatVehicleCard[] }> | null;
  /**
   * What each card costs in the budget's currency at the same rates, by card id, when the budget is in another
   * currency than the cards ("Budget $25K" on a naira page): the reply writes both, so a price is never set against
   * the budget in another currency unsaid. Absent or null when the cards are in the budget's currency (or no budget).
   */
  inBudgetCurrency?: Readonly<Record<string, { amount: number; currency: string }>> | null;
  /** The rate snapshot the prices were converted with, when any was converted (to the budget's or the visitor's currency). */
  rates: { source: string; timestamp: string } | null;
  /**
   * What the first car costs landed in the buyer's country, from the same calculation as its page's price list and
   * `GET /api/vehicles/{id}/quote` (amounts in major units of `currency`); absent when it could not be computed.
   */
  landed?: LandedSummary | null;
}

export interface LandedSummary {
  vehicle: string;
  path: string;
  city: string;
  currency: string;
  total: number;
  deposit: number;
  monthly: number;
  termMonths: number;
  apr: number;
}

export interface ReplyInput {
  language: SiteLanguage;
  stage: ChatStage;
  understanding: Understanding;
  matches: VehicleMatches;
  /** Tara's previous words in the conversation (greeting or reply): this reply starts differently. */
  previous?: string | null;
  /** How many buyer messages came before: the openings take turns. */
  turn?: number;
}

export interface ChatSuggestion {
  label: string;
  text: string;
  /** 'handoff': the widget opens the hand-off form instead of sending the text (asking Tara for a person). */
  action?: 'handoff';
}

export interface ComposedReply extends ChatReply {
  suggestions: ChatSuggestion[];
}

type SuggestionKey = 'budget' | 'suvs' | 'efficient' | 'cheaper' | 'financing' | 'person' | 'tradeIn';

interface Wording {
  greeting: string;
  greetingAbout: (topic: string) => string;
  /** What Tara understood, said when it changed; the openings take turns. */
  understood: ReadonlyArray<(parts: string) => string>;
  /** Put before a reply that would start as the previous one did. */
  connectives: readonly string[];
  listSeparator: string;
  fuel: Record<ChatFuel, string>;
  drive4x4: string;
  seats: (count: number) => string;
  range: (km: number) => string;
  condition: Record<ChatCondition, string>;
  minYear: (year: number) => string;
  location: (city: string) => string;
  priority: Record<ChatPriority, string>;
  /** A slot as the buyer could let go of it ("the budget", "4x4"). */
  slotName: Record<ChatFilterSlot, string>;
  relaxedIntro: string;
  relaxedLine: (slot: string, list: string) => string;
  relaxAsk: string;
  /** A question Tara has no answer for yet: a specialist follows up. */
  specialist: string;
  /** A card's price with what it costs in the budget's currency, when that is another ("₦38,000,000, about $24,675"). */
  priceAndBudgetCurrency: (price: string, inBudgetCurrency: string) => string;
  budgetUpTo: (amount: string) => string;
  cleared: Record<ChatNeed, string>;
  usage: Record<ChatUsage, string>;
  type: Record<ChatVehicleType, string>;
  withinBudget: (list: string) => string;
  firstPick: (list: string) => string;
  cheaperThanAsked: (list: string) => string;
  otherType: (type: string | null, list: string) => string;
  none: string;
  sorted: Record<CardSort, string>;
  ask: Record<ChatNeed, string>;
  person: string;
  reserveWhere: (list: string) => string;
  reserveAnyPage: string;
  pricing: (deposit: string, where: string) => string;
  pricingShort: (deposit: string) => string;
  /** The pages a pricing reply sends the buyer to, cited so the widget shows them as links. */
  pages: { tradeIn: string; sellCar: string };
  landed: (car: string, city: string, total: string, deposit: string, monthly: string, months: number, apr: number, path: string) => string;
  suggestions: Record<SuggestionKey, string>;
}

const WORDING: Record<SiteLanguage, Wording> = {
  en: {
    greeting:
      "Hi, I'm Tara, your car-buying companion. Tell me your budget, what you'll mostly use the car for and the kind of car you like, and I'll show you cars from our inventory that fit.",
    greetingAbout: (topic) => `Hi, I'm Tara. Let's find you the right ${topic}. What is your budget, and what will you mostly use it for?`,
    understood: [(parts) => `Got it: ${parts}.`, (parts) => `Okay, so: ${parts}.`, (parts) => `Noted: ${parts}.`, (parts) => `Right, that's ${parts}.`],
    connectives: ['Sure.', 'Alright.', 'Okay.'],
    fuel: { petrol: 'petrol', diesel: 'diesel', hybrid: 'hybrid', electric: 'electric' },
    drive4x4: '4x4 or AWD',
    seats: (count) => `${count}+ seats`,
    range: (km) => `a range of ${km} km or more`,
    condition: { new: 'brand new', used: 'used' },
    minYear: (year) => `${year} or newer`,
    location: (city) => `in ${city}`,
    priority: { economy: 'easy on fuel', luxury: 'luxury' },
    slotName: { bodyType: 'the body type', fuel: 'the fuel', drive: '4x4', seats: 'the seats', minRangeKm: 'the range', condition: 'new or used', minYear: 'the year', location: 'the city', make: 'the make', budget: 'the budget' },
    relaxedIntro: 'Nothing in our inventory has everything you asked for right now.',
    relaxedLine: (slot, list) => `Letting go of ${slot}: ${list}.`,
    relaxAsk: 'Which would you let go of?',
    specialist:
      "Good question. I can't answer that one reliably yet, so a specialist from our team will follow up with you. Press 'Talk to a person' and leave your name and a phone number or email.",
    listSeparator: ', ',
    priceAndBudgetCurrency: (price, inBudgetCurrency) => `${price}, about ${inBudgetCurrency}`,
    budgetUpTo: (amount) => `budget up to ${amount}`,
    cleared: { budget: 'no budget limit', usage: 'any use', type: 'any type' },
    usage: { family: 'for the family', commute: 'for commuting', business: 'for business (ride-hailing, taxi, deliveries)', 'off-road': 'for rough roads' },
    type: {
      suv: 'SUV',
      sedan: 'sedan',
      truck: 'truck',
      pickup: 'pickup',
      crossover: 'crossover',
      hatchback: 'hatchback',
      minivan: 'minivan',
      coupe: 'coupe',
      convertible: 'convertible',
      electric: 'electric car',
      hybrid: 'hybrid',
      luxury: 'luxury car',
      economy: 'economical car',
    },
    withinBudget: (list) => `These fit what you told me: ${list}.`,
    firstPick: (list) => `A few from our inventory to start: ${list}.`,
    cheaperThanAsked: (list) => `Nothing in our inventory is within your budget right now; the closest, priced above it: ${list}.`,
    otherType: (type, list) => (type ? `I have no ${type} within your budget right now; the closest in other types: ${list}.` : `The closest I have: ${list}.`),
    none: 'Nothing in our inventory fits this right now. A higher budget or another type would open more choices, or a person from our team can look for one for you.',
    sorted: {
      price: 'Sorted by price, lowest first.',
      power: 'Sorted by power, most powerful first.',
      efficiency: 'Sorted by fuel efficiency, most efficient first.',
      popularity: 'Sorted by popularity, most popular first.',
    },
    ask: {
      budget: 'What is your budget?',
      usage: 'What will you mostly use the car for: family, commuting, business or rough roads?',
      type: 'Which kind of car do you like: SUV, sedan, pickup, hatchback, electric…?',
    },
    person:
      "Of course: a person from our sales team can help. Leave your name and a phone number or email with 'Talk to a person' and we'll get back to you, or write to us on WhatsApp.",
    reserveWhere: (list) => `for example ${list}`,
    reserveAnyPage: 'any car in our inventory',
    landed: (car, city, total, deposit, monthly, months, apr, path) =>
      `Delivered to ${city}, the ${car} comes to about ${total} with freight, duties, taxes and clearing (an estimate: customs sets the final figures; every line is on its page, ${path}). With ${deposit} down, that is about ${monthly} a month over ${months} months at ${apr}% APR.`,
    pricing: (deposit, where) =>
      `To hold a car, press 'Reserve Now' on its page (${where}): the reservation deposit is ${deposit} and our sales team calls you to confirm. You can also trade in your current car (/trade-in) or sell it to us (/sell-car), and a person from our team can go through payment options with you.`,
    pricingShort: (deposit) => `When you're ready: reserve with a ${deposit} deposit from the car's page, trade in your car (/trade-in) or sell it to us (/sell-car).`,
    pages: { tradeIn: 'Trade in your car', sellCar: 'Sell your car' },
    suggestions: {
      budget: 'Budget $25K',
      suvs: 'Show me SUVs',
      efficient: 'Fuel-efficient cars',
      cheaper: 'Show cheaper',
      financing: 'Financing options',
      person: 'Talk to a person',
      tradeIn: 'Trade in my car',
    },
  },
  fr: {
    greeting:
      "Bonjour, je suis Tara, votre assistante pour acheter une voiture. Dites-moi votre budget, l'usage principal de la voiture et le type de véhicule que vous aimez : je vous montrerai les voitures de notre stock qui vous conviennent.",
    greetingAbout: (topic) => `Bonjour, je suis Tara. Vous cherchez : ${topic}. Quel est votre budget, et à quoi servira surtout la voiture ?`,
    understood: [(parts) => `Entendu : ${parts}.`, (parts) => `D'accord, donc : ${parts}.`, (parts) => `C'est noté : ${parts}.`, (parts) => `Bien, je retiens : ${parts}.`],
    connectives: ['Bien sûr.', 'Très bien.', "D'accord."],
    fuel: { petrol: 'essence', diesel: 'diesel', hybrid: 'hybride', electric: 'électrique' },
    drive4x4: '4x4 ou transmission intégrale',
    seats: (count) => `${count} places ou plus`,
    range: (km) => `une autonomie d'au moins ${km} km`,
    condition: { new: 'neuve', used: "d'occasion" },
    minYear: (year) => `${year} ou plus récente`,
    location: (city) => `à ${city}`,
    priority: { economy: 'sobre en carburant', luxury: 'haut de gamme' },
    slotName: { bodyType: 'le type de carrosserie', fuel: 'le carburant', drive: 'le 4x4', seats: 'le nombre de places', minRangeKm: "l'autonomie", condition: 'neuve ou occasion', minYear: "l'année", location: 'la ville', make: 'la marque', budget: 'le budget' },
    relaxedIntro: "Rien dans notre stock n'a tout ce que vous demandez pour le moment.",
    relaxedLine: (slot, list) => `En renonçant à ${slot} : ${list}.`,
    relaxAsk: 'À quoi renonceriez-vous ?',
    specialist:
      "Bonne question. Je ne peux pas encore y répondre de façon sûre : un spécialiste de notre équipe reviendra vers vous. Appuyez sur « Parler à un conseiller » et laissez votre nom et un téléphone ou un e-mail.",
    listSeparator: ', ',
    priceAndBudgetCurrency: (price, inBudgetCurrency) => `${price}, soit environ ${inBudgetCurrency}`,
    budgetUpTo: (amount) => `budget jusqu'à ${amount}`,
    cleared: { budget: 'sans limite de budget', usage: 'tout usage', type: 'tout type' },
    usage: {
      family: 'pour la famille',
      commute: 'pour les trajets quotidiens',
      business: 'pour le travail (VTC, taxi, livraisons)',
      'off-road': 'pour les pistes et routes difficiles',
    },
    type: {
      suv: 'SUV',
      sedan: 'berline',
      truck: 'camion',
      pickup: 'pick-up',
      crossover: 'crossover',
      hatchback: 'citadine',
      minivan: 'monospace',
      coupe: 'coupé',
      convertible: 'cabriolet',
      electric: 'voiture électrique',
      hybrid: 'hybride',
      luxury: 'voiture de luxe',
      economy: 'voiture économique',
    },
    withinBudget: (list) => `Voici ce qui vous correspond : ${list}.`,
    firstPick: (list) => `Quelques voitures de notre stock pour commencer : ${list}.`,
    cheaperThanAsked: (list) => `Rien dans notre stock n'entre dans votre budget pour le moment ; les plus proches, à un prix au-dessus : ${list}.`,
    otherType: (type, list) =>
      type ? `Je n'ai pas de ${type} dans votre budget pour le moment ; les plus proches, d'un autre type : ${list}.` : `Les plus proches que j'aie : ${list}.`,
    none: "Rien dans notre stock ne correspond pour le moment. Un budget plus élevé ou un autre type ouvrirait plus de choix, ou un conseiller peut en chercher une pour vous.",
    sorted: {
      price: 'Triées par prix, de la moins chère à la plus chère.',
      power: 'Triées par puissance, de la plus puissante à la moins puissante.',
      efficiency: 'Triées par sobriété, de la plus économe à la moins économe.',
      popularity: 'Triées par popularité, de la plus appréciée à la moins appréciée.',
    },
    ask: {
      budget: 'Quel est votre budget ?',
      usage: 'À quoi servira surtout la voiture : famille, trajets quotidiens, travail ou routes difficiles ?',
      type: 'Quel type de voiture aimez-vous : SUV, berline, pick-up, citadine, électrique… ?',
    },
    person:
      'Bien sûr : un conseiller de notre équipe commerciale peut vous aider. Laissez votre nom et un téléphone ou un e-mail avec « Parler à un conseiller », et nous vous recontacterons, ou écrivez-nous sur WhatsApp.',
    reserveWhere: (list) => `par exemple ${list}`,
    reserveAnyPage: "n'importe quelle voiture de notre stock",
    landed: (car, city, total, deposit, monthly, months, apr, path) =>
      `Livrée à ${city}, la ${car} revient à environ ${total} avec fret, droits, taxes et dédouanement (estimation : la douane fixe les montants définitifs ; chaque ligne est sur sa page, ${path}). Avec un apport de ${deposit}, cela fait environ ${monthly} par mois sur ${months} mois à ${apr} % TAEG.`,
    pricing: (deposit, where) =>
      `Pour réserver une voiture, appuyez sur « Réserver maintenant » sur sa page (${where}) : l'acompte de réservation est de ${deposit} et notre équipe commerciale vous appelle pour confirmer. Vous pouvez aussi faire reprendre votre voiture actuelle (/trade-in) ou nous la vendre (/sell-car), et un conseiller peut voir avec vous les options de paiement.`,
    pricingShort: (deposit) =>
      `Quand vous serez prêt : réservez avec un acompte de ${deposit} depuis la page de la voiture, faites reprendre votre voiture (/trade-in) ou vendez-la-nous (/sell-car).`,
    pages: { tradeIn: 'Faire reprendre votre voiture', sellCar: 'Vendre votre voiture' },
    suggestions: {
      budget: 'Budget de 25 000 $',
      suvs: 'Montrez-moi des SUV',
      efficient: 'Voitures économiques',
      cheaper: 'Moins chères',
      financing: 'Options de financement',
      person: 'Parler à un conseiller',
      tradeIn: 'Faire reprendre ma voiture',
    },
  },
  ar: {
    greeting:
      'مرحبًا، أنا تارا، رفيقتك في شراء السيارة. أخبرني بميزانيتك، وفيمَ ستستخدم السيارة غالبًا، ونوع السيارة الذي تفضّله، وسأعرض عليك السيارات المناسبة من مخزوننا.',
    greetingAbout: (topic) => `مرحبًا، أنا تارا. تبحث عن: ${topic}. ما ميزانيتك، وفيمَ ستستخدم السيارة غالبًا؟`,
    understood: [(parts) => `فهمت: ${parts}.`, (parts) => `حسنًا، إذن: ${parts}.`, (parts) => `سجّلت ذلك: ${parts}.`, (parts) => `تمام، أي: ${parts}.`],
    connectives: ['بالتأكيد.', 'حسنًا.', 'تمام.'],
    fuel: { petrol: 'بنزين', diesel: 'ديزل', hybrid: 'هجينة', electric: 'كهربائية' },
    drive4x4: 'دفع رباعي أو كلي',
    seats: (count) => `${count} مقاعد أو أكثر`,
    range: (km) => `مدى ${km} كم على الأقل`,
    condition: { new: 'جديدة', used: 'مستعملة' },
    minYear: (year) => `موديل ${year} أو أحدث`,
    location: (city) => `في ${city}`,
    priority: { economy: 'موفرة للوقود', luxury: 'فاخرة' },
    slotName: { bodyType: 'نوع الهيكل', fuel: 'نوع الوقود', drive: 'الدفع الرباعي', seats: 'عدد المقاعد', minRangeKm: 'المدى', condition: 'جديدة أو مستعملة', minYear: 'سنة الصنع', location: 'المدينة', make: 'العلامة', budget: 'الميزانية' },
    relaxedIntro: 'لا توجد في مخزوننا حاليًا سيارة تجمع كل ما طلبته.',
    relaxedLine: (slot, list) => `بالتخلي عن ${slot}: ${list}.`,
    relaxAsk: 'عن أيّها تتخلى؟',
    specialist: 'سؤال جيد. لا أستطيع الإجابة عنه بدقة بعد، لذا سيتابع معك أحد المختصين في فريقنا. اضغط «التحدث مع شخص» واترك اسمك ورقم هاتف أو بريدًا إلكترونيًا.',
    listSeparator: '، ',
    priceAndBudgetCurrency: (price, inBudgetCurrency) => `${price}، أي نحو ${inBudgetCurrency}`,
    budgetUpTo: (amount) => `ميزانية حتى ${amount}`,
    cleared: { budget: 'بلا حد للميزانية', usage: 'أي استخدام', type: 'أي نوع' },
    usage: {
      family: 'للعائلة',
      commute: 'للتنقل اليومي',
      business: 'للعمل التجاري (النقل عبر التطبيقات، التاكسي، التوصيل)',
      'off-road': 'للطرق الوعرة',
    },
    type: {
      suv: 'سيارة دفع رباعي',
      sedan: 'سيدان',
      truck: 'شاحنة',
      pickup: 'بيك أب',
      crossover: 'كروس أوفر',
      hatchback: 'هاتشباك',
      minivan: 'ميني فان',
      coupe: 'كوبيه',
      convertible: 'سيارة مكشوفة',
      electric: 'سيارة كهربائية',
      hybrid: 'سيارة هجينة',
      luxury: 'سيارة فاخرة',
      economy: 'سيارة اقتصادية',
    },
    withinBudget: (list) => `هذه السيارات تناسب ما طلبته: ${list}.`,
    firstPick: (list) => `بعض السيارات من مخزوننا كبداية: ${list}.`,
    cheaperThanAsked: (list) => `لا توجد في مخزوننا حاليًا سيارة ضمن ميزانيتك؛ الأقرب إليها، بسعر أعلى منها: ${list}.`,
    otherType: (type, list) => (type ? `لا تتوفر لدينا ${type} ضمن ميزانيتك حاليًا؛ الأقرب من أنواع أخرى: ${list}.` : `الأقرب لما طلبته: ${list}.`),
    none: 'لا يوجد في مخزوننا حاليًا ما يناسب طلبك. ميزانية أعلى أو نوع آخر يفتح خيارات أكثر، أو يمكن لأحد موظفينا البحث عن سيارة لك.',
    sorted: {
      price: 'مرتبة حسب السعر، من الأرخص إلى الأغلى.',
      power: 'مرتبة حسب القوة، من الأقوى إلى الأقل قوة.',
      efficiency: 'مرتبة حسب استهلاك الوقود، من الأكثر توفيرًا.',
      popularity: 'مرتبة حسب الشعبية، من الأكثر شعبية.',
    },
    ask: {
      budget: 'ما ميزانيتك؟',
      usage: 'فيمَ ستستخدم السيارة غالبًا: للعائلة، للتنقل اليومي، للعمل التجاري أو للطرق الوعرة؟',
      type: 'ما نوع السيارة الذي تفضّله: دفع رباعي، سيدان، بيك أب، هاتشباك، كهربائية…؟',
    },
    person: 'بالتأكيد: يمكن لأحد أفراد فريق المبيعات مساعدتك. اترك اسمك ورقم هاتف أو بريدًا إلكترونيًا عبر «التحدث مع شخص» وسنتواصل معك، أو راسلنا على واتساب.',
    reserveWhere: (list) => `مثلًا ${list}`,
    reserveAnyPage: 'أي سيارة في مخزوننا',
    landed: (car, city, total, deposit, monthly, months, apr, path) =>
      `عند التسليم في ${city}، تبلغ تكلفة ${car} نحو ${total} شاملة الشحن والرسوم والضرائب والتخليص (تقدير: الجمارك تحدد المبالغ النهائية؛ كل بند في صفحتها ${path}). بدفعة أولى ${deposit}، يكون القسط نحو ${monthly} شهريًا لمدة ${months} شهرًا بمعدل سنوي ${apr}%.`,
    pricing: (deposit, where) =>
      `لحجز سيارة، اضغط «احجز الآن» في صفحتها (${where}): عربون الحجز ${deposit}، ويتصل بك فريق المبيعات للتأكيد. يمكنك أيضًا استبدال سيارتك الحالية (/trade-in) أو بيعها لنا (/sell-car)، ويمكن لأحد موظفينا مراجعة خيارات الدفع معك.`,
    pricingShort: (deposit) => `عندما تكون جاهزًا: احجز بعربون ${deposit} من صفحة السيارة، أو استبدل سيارتك (/trade-in)، أو بعها لنا (/sell-car).`,
    pages: { tradeIn: 'استبدال سيارتك', sellCar: 'بيع سيارتك' },
    suggestions: {
      budget: 'ميزانية 25 ألف دولار',
      suvs: 'أرني سيارات الدفع الرباعي',
      efficient: 'سيارات موفرة للوقود',
      cheaper: 'أرني الأرخص',
      financing: 'خيارات التمويل',
      person: 'التحدث مع شخص',
      tradeIn: 'استبدال سيارتي',
    },
  },
  sw: {
    greeting:
      'Habari, mimi ni Tara, msaidizi wako wa kununua gari. Niambie bajeti yako, utakavyotumia gari mara nyingi na aina ya gari unayopenda, nami nitakuonyesha magari yanayofaa kutoka kwenye hifadhi yetu.',
    greetingAbout: (topic) => `Habari, mimi ni Tara. Unatafuta: ${topic}. Bajeti yako ni kiasi gani, na gari litatumika zaidi kwa nini?`,
    understood: [(parts) => `Sawa: ${parts}.`, (parts) => `Nimeelewa: ${parts}.`, (parts) => `Nimeandika: ${parts}.`, (parts) => `Vizuri, kwa hiyo: ${parts}.`],
    connectives: ['Bila shaka.', 'Haya.', 'Sawa basi.'],
    fuel: { petrol: 'petroli', diesel: 'dizeli', hybrid: 'mseto', electric: 'umeme' },
    drive4x4: '4x4 au magurudumu yote',
    seats: (count) => `viti ${count} au zaidi`,
    range: (km) => `masafa ya angalau km ${km}`,
    condition: { new: 'jipya', used: 'lililotumika' },
    minYear: (year) => `mwaka ${year} au karibuni zaidi`,
    location: (city) => `huko ${city}`,
    priority: { economy: 'linaokoa mafuta', luxury: 'la kifahari' },
    slotName: { bodyType: 'aina ya bodi', fuel: 'aina ya mafuta', drive: '4x4', seats: 'idadi ya viti', minRangeKm: 'masafa', condition: 'jipya au lililotumika', minYear: 'mwaka', location: 'mji', make: 'chapa', budget: 'bajeti' },
    relaxedIntro: 'Hakuna gari katika hifadhi yetu lenye yote uliyoomba kwa sasa.',
    relaxedLine: (slot, list) => `Ukiacha ${slot}: ${list}.`,
    relaxAsk: 'Ungeacha kipi?',
    specialist: 'Swali zuri. Siwezi kulijibu kwa uhakika bado, kwa hiyo mtaalamu wa timu yetu atawasiliana nawe. Bonyeza «Ongea na mtu» na uache jina lako na namba ya simu au barua pepe.',
    listSeparator: ', ',
    priceAndBudgetCurrency: (price, inBudgetCurrency) => `${price}, takriban ${inBudgetCurrency}`,
    budgetUpTo: (amount) => `bajeti hadi ${amount}`,
    cleared: { budget: 'bajeti bila kikomo', usage: 'matumizi yoyote', type: 'aina yoyote' },
    usage: {
      family: 'kwa familia',
      commute: 'kwa safari za kila siku',
      business: 'kwa biashara (teksi, usafiri wa programu, usafirishaji)',
      'off-road': 'kwa barabara mbovu',
    },
    type: {
      suv: 'SUV',
      sedan: 'sedan',
      truck: 'lori',
      pickup: 'pickup',
      crossover: 'crossover',
      hatchback: 'hatchback',
      minivan: 'minivan',
      coupe: 'coupe',
      convertible: 'gari la wazi',
      electric: 'gari la umeme',
      hybrid: 'gari la mseto',
      luxury: 'gari la kifahari',
      economy: 'gari linalookoa mafuta',
    },
    withinBudget: (list) => `Magari haya yanafaa ulichoniambia: ${list}.`,
    firstPick: (list) => `Baadhi ya magari kutoka hifadhi yetu kwa kuanzia: ${list}.`,
    cheaperThanAsked: (list) => `Hakuna gari katika hifadhi yetu lililo ndani ya bajeti yako kwa sasa; yaliyo karibu zaidi, kwa bei iliyo juu yake: ${list}.`,
    otherType: (type, list) => (type ? `Sina ${type} ndani ya bajeti yako kwa sasa; yaliyo karibu zaidi ya aina nyingine: ${list}.` : `Yaliyo karibu zaidi: ${list}.`),
    none: 'Hakuna gari katika hifadhi yetu linalofaa kwa sasa. Bajeti kubwa zaidi au aina nyingine itaongeza machaguo, au mtu wa timu yetu anaweza kukutafutia.',
    sorted: {
      price: 'Yamepangwa kwa bei, kuanzia la bei nafuu zaidi.',
      power: 'Yamepangwa kwa nguvu, kuanzia lenye nguvu zaidi.',
      efficiency: 'Yamepangwa kwa matumizi ya mafuta, kuanzia linalotumia kidogo zaidi.',
      popularity: 'Yamepangwa kwa umaarufu, kuanzia maarufu zaidi.',
    },
    ask: {
      budget: 'Bajeti yako ni kiasi gani?',
      usage: 'Gari litatumika zaidi kwa nini: familia, safari za kila siku, biashara au barabara mbovu?',
      type: 'Unapenda aina gani ya gari: SUV, sedan, pickup, hatchback, la umeme…?',
    },
    person:
      'Bila shaka: mtu wa timu yetu ya mauzo anaweza kukusaidia. Acha jina lako na namba ya simu au barua pepe kupitia «Ongea na mtu», nasi tutawasiliana nawe, au tuandikie kwenye WhatsApp.',
    reserveWhere: (list) => `kwa mfano ${list}`,
    reserveAnyPage: 'gari lolote katika hifadhi yetu',
    landed: (car, city, total, deposit, monthly, months, apr, path) =>
      `Likifikishwa ${city}, ${car} linagharimu takriban ${total} pamoja na usafirishaji, ushuru, kodi na uondoaji bandarini (makadirio: forodha huamua kiasi cha mwisho; kila kipengele kiko kwenye ukurasa wake, ${path}). Ukitanguliza ${deposit}, ni takriban ${monthly} kwa mwezi kwa miezi ${months} kwa riba ya ${apr}% kwa mwaka.`,
    pricing: (deposit, where) =>
      `Ili kuhifadhi gari, bonyeza «Hifadhi Sasa» kwenye ukurasa wake (${where}): amana ya kuhifadhi ni ${deposit}, na timu yetu ya mauzo itakupigia kuthibitisha. Unaweza pia kubadilisha gari lako la sasa (/trade-in) au kutuuzia (/sell-car), na mtu wa timu yetu anaweza kupitia njia za malipo nawe.`,
    pricingShort: (deposit) => `Ukiwa tayari: hifadhi kwa amana ya ${deposit} kutoka ukurasa wa gari, badilisha gari lako (/trade-in) au tuuzie (/sell-car).`,
    pages: { tradeIn: 'Badilisha gari lako', sellCar: 'Tuuzie gari lako' },
    suggestions: {
      budget: 'Bajeti $25K',
      suvs: 'Nionyeshe SUV',
      efficient: 'Magari yanayookoa mafuta',
      cheaper: 'Nionyeshe nafuu zaidi',
      financing: 'Mkopo na njia za malipo',
      person: 'Ongea na mtu',
      tradeIn: 'Kubadilisha gari langu',
    },
  },
};

const suggestion = (language: SiteLanguage, key: SuggestionKey): ChatSuggestion => {
  const text = WORDING[language].suggestions[key];
  return key === 'person' ? { label: text, text, action: 'handoff' } : { label: text, text };
};

/** The spec's three quick replies ('Budget $25K', 'Show me SUVs', 'Fuel-efficient cars'), in English. */
export const FIRST_SUGGESTIONS: ChatSuggestion[] = (['budget', 'suvs', 'efficient'] as const).map((key) => suggestion('en', key));

/** The spec's three quick replies in the visitor's language: the suggestions under the greeting. */
export const firstSuggestionsFor = (language: SiteLanguage): ChatSuggestion[] => (['budget', 'suvs', 'efficient'] as const).map((key) => suggestion(language, key));

export function greetingFor(language: SiteLanguage, topic?: TaraTopic): string {
  const wording = WORDING[language];
  return topic ? wording.greetingAbout(wording.type[topic]) : wording.greeting;
}

/** What Tara understood, as the buyer reads it, slot by slot: budget, usage, type first, then the rest. */
function contextParts(context: ChatContext, language: SiteLanguage): Record<ChatNeed, string | null> & { rest: string[] } {
  const wording = WORDING[language];
  const type = context.preferredVehicleType;
  const rest = [
    context.fuel && context.fuel !== type ? wording.fuel[context.fuel] : null,
    context.drive ? wording.drive4x4 : null,
    // Five seats go without saying for a family car.
    context.seats && context.seats > 5 ? wording.seats(context.seats) : null,
    context.minRangeKm ? wording.range(context.minRangeKm) : null,
    context.condition ? wording.condition[context.condition] : null,
    context.minYear ? wording.minYear(context.minYear) : null,
    context.make,
    context.location ? wording.location(context.location) : null,
    context.priority && context.priority !== type ? wording.priority[context.priority] : null,
  ].filter((part): part is string => part !== null);
  return {
    budget: context.budget ? wording.budgetUpTo(formatPlain(context.budget.amount, context.budget.currency, language)) : null,
    usage: context.usage ? wording.usage[context.usage] : null,
    type: type ? wording.type[type] : null,
    rest,
  };
}

/** The understood context in one line ("budget up to ₦30,000,000, for the family, SUV, diesel"); empty when nothing is known. */
export function describeContext(context: ChatContext, language: SiteLanguage, cleared: readonly ChatNeed[] = []): string {
  const labels = contextParts(context, language);
  const parts = (['budget', 'usage', 'type'] as const).map((need) => labels[need] ?? (cleared.includes(need) ? WORDING[language].cleared[need] : null));
  return [...parts.filter((part): part is string => part !== null), ...labels.rest].join(WORDING[language].listSeparator);
}

/** The cards in the order a sort chip (or a buyer's "cheapest first") asks for; ties keep their order. */
export function sortCards(cards: readonly ChatVehicleCard[], sort: CardSort): ChatVehicleCard[] {
  const key: Record<CardSort, (card: ChatVehicleCard) => number> = {
    price: (card) => card.price.amount,
    power: (card) => -(card.powerHp ?? 0),
    efficiency: (card) => -card.efficiency.score,
    popularity: (card) => -card.reviewCount,
  };
  return [...cards].sort((a, b) => key[sort](a) - key[sort](b));
}

export function missingNeeds(context: ChatContext): ChatNeed[] {
  const missing: ChatNeed[] = [];
  if (!context.budget) missing.push('budget');
  if (!context.usage) missing.push('usage');
  if (!context.preferredVehicleType) missing.push('type');
  return missing;
}

const citationsOf = ({ vehicles, rates }: VehicleMatches, pages: ChatCitation[]): ChatCitation[] => [
  ...vehicles.map((vehicle) => ({ source: vehicle.path, label: vehicle.name })),
  ...pages,
  ...(rates ? [{ source: `rates:${rates.source}@${rates.timestamp}`, label: 'Exchange rates' }] : []),
];

/** The first words of a text, folded, to compare how two replies start. */
const openingOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,.:;!?،؛]+/u)
    .filter(Boolean)
    .slice(0, 3)
    .join(' ');

export function composeReply({ language, stage, understanding, matches, previous = null, turn = 0 }: ReplyInput): ComposedReply {
  const wording = WORDING[language];
  const { context, said, sort, wantsPerson, asksPricing, asksOther } = understanding;
  const cleared = understanding.cleared ?? [];
  const vehicles = sort ? sortCards(matches.vehicles, sort) : matches.vehicles;
  const priceOf = (vehicle: ChatVehicleCard) => {
    const price = formatPlain(vehicle.price.amount, vehicle.price.currency, language);
    const inBudget = matches.inBudgetCurrency?.[vehicle.id];
    return inBudget && inBudget.currency !== vehicle.price.currency ? wording.priceAndBudgetCurrency(price, formatPlain(inBudget.amount, inBudget.currency, language)) : price;
  };
  const listOf = (cards: readonly ChatVehicleCard[]) => cards.map((vehicle) => `${vehicle.year} ${vehicle.name} (${priceOf(vehicle)})`).join(wording.listSeparator);
  const list = listOf(vehicles);
  const saidNeeds = Object.keys(said).length > 0 || cleared.length > 0;
  // A question Tara cannot answer yet gets a specialist, never the qualification questions back.
  const questionFirst = asksOther && !asksPricing && !wantsPerson;
  const pricingFirst = !questionFirst && (asksPricing || (stage === 'pricing-options' && !saidNeeds && !sort && !wantsPerson));
  const missing = missingNeeds(context);
  const deposit = formatPlain(RESERVATION_DEPOSIT_NGN, 'NGN', language);
  const parts: string[] = [];

  if (wantsPerson) parts.push(wording.person);
  if (questionFirst) parts.push(wording.specialist);
  // Summed up only when this message changed it; the openings take turns, never the one the last reply began with.
  const understood = describeContext(context, language, cleared);
  const sumUp = () => {
    const variants = wording.understood.map((variant) => variant(understood));
    const pick = variants.map((_, offset) => variants[(turn + offset) % variants.length]!).find((variant) => !previous || openingOf(variant) !== openingOf(previous));
    parts.push(pick ?? variants[turn % variants.length]!);
  };
  if (understood && (understanding.changed || cleared.length > 0)) sumUp();
  // Said plainly whenever the cards are not what was asked, even in a reply about paying.
  const inexact = matches.kind === 'none' || matches.kind === 'cheaper-than-asked' || matches.kind === 'other-type' || matches.kind === 'relaxed';
  const showCards = !(pricingFirst || questionFirst) || saidNeeds || sort || inexact;
  if (showCards) {
    if (sort && vehicles.length > 1) parts.push(wording.sorted[sort]);
    if (vehicles.length > 0) {
      if (matches.kind === 'relaxed' && matches.relaxed && matches.relaxed.length > 0) {
        parts.push(wording.relaxedIntro, ...matches.relaxed.map(({ slot, vehicles: found }) => wording.relaxedLine(wording.slotName[slot], listOf(sort ? sortCards(found, sort) : found))));
      } else if (matches.kind === 'cheaper-than-asked') parts.push(wording.cheaperThanAsked(list));
      else if (matches.kind === 'other-type' || matches.kind === 'relaxed') parts.push(wording.otherType(context.preferredVehicleType ? wording.type[context.preferredVehicleType] : null, list));
      else if (matches.kind === 'not-asked') parts.push(wording.firstPick(list));
      else parts.push(wording.withinBudget(list));
    } else if (inexact) parts.push(wording.none);
  }
  // Both pricing replies name the trade-in and sell-car pages.
  const pages = pricingFirst || stage === 'pricing-options' ? [{ source: '/trade-in', label: wording.pages.tradeIn }, { source: '/sell-car', label: wording.pages.sellCar }] : [];
  if (pricingFirst) {
    const where = vehicles.length > 0 ? wording.reserveWhere(vehicles.slice(0, 3).map((vehicle) => `${vehicle.year} ${vehicle.name}: ${vehicle.path}`).join(wording.listSeparator)) : wording.reserveAnyPage;
    parts.push(wording.pricing(deposit, where));
    const landed = matches.landed;
    if (landed) {
      const money = (amount: number) => formatPlain(amount, landed.currency, language);
      parts.push(wording.landed(landed.vehicle, landed.city, money(landed.total), money(landed.deposit), money(landed.monthly), landed.termMonths, landed.apr, landed.path));
    }
  } else if (!questionFirst) {
    // One question at a time: which slot to let go of, else the first thing still missing.
    if (showCards && matches.kind === 'relaxed' && matches.relaxed && matches.relaxed.length > 0 && vehicles.length > 0) parts.push(wording.relaxAsk);
    else if (missing.length > 0) parts.push(wording.ask[missing[0]!]);
    if (stage === 'pricing-options') parts.push(wording.pricingShort(deposit));
  }

  // Nothing new to say (a "hello" once everything is known): what Tara has, so the buyer can correct it.
  if (parts.length === 0) {
    if (understood) sumUp();
    else parts.push(wording.ask.budget);
  }
  let content = parts.join(' ');
  // No two replies in a row start with the same words.
  if (previous && openingOf(content) === openingOf(previous)) {
    const connective = wording.connectives.map((_, offset) => wording.connectives[(turn + offset) % wording.connectives.length]!).find((word) => openingOf(`${word} ${content}`) !== openingOf(previous));
    content = `${connective ?? wording.connectives[0]} ${content}`;
  }
  return {
    content,
    citations: citationsOf({ ...matches, vehicles }, pages),
    suggestions: suggestionsFor(language, stage, understanding, matches, pricingFirst, questionFirst),
  };
}

function suggestionsFor(language: SiteLanguage, stage: ChatStage, { context }: Understanding, matches: VehicleMatches, pricingFirst: boolean, questionFirst: boolean): ChatSuggestion[] {
  const keys: SuggestionKey[] = [];
  if (questionFirst) keys.push('person', ...(matches.vehicles.length > 0 ? (['cheaper', 'financing'] as const) : context.budget ? [] : (['budget'] as const)));
  else if (pricingFirst || stage === 'pricing-options') keys.push('tradeIn', 'cheaper', 'person');
  else if (matches.vehicles.length > 0) keys.push('cheaper', 'financing', 'person');
  else {
    if (!context.budget) keys.push('budget');
    if (!context.preferredVehicleType) keys.push('suvs', 'efficient');
    keys.push('person');
  }
  return keys.map((key) => suggestion(language, key));
}
