import { sql, type Kysely } from 'kysely';

/**
 * Tara's knowledge base (issue 40.2): what she answers about delivery times, documents and customs, inspection and
 * warranty, one text per topic and site language, which staff edit in the console (resource `tara-answers`). The id is
 * `topic:language`. Seeded with the team's current answers; a seed row that staff already edited is left alone.
 */
const SEED: Record<string, Record<'en' | 'fr' | 'ar' | 'sw', string>> = {
  delivery: {
    en: 'Cars in stock are delivered within 3 to 7 days of payment inside their country; an imported car arrives 4 to 8 weeks after the order (shipping, then clearing at the port).',
    fr: "Les voitures en stock sont livrées sous 3 à 7 jours après paiement dans leur pays ; une voiture importée arrive 4 à 8 semaines après la commande (transport maritime, puis dédouanement au port).",
    ar: 'تُسلَّم السيارات المتوفرة خلال 3 إلى 7 أيام من الدفع داخل بلدها؛ وتصل السيارة المستوردة بعد 4 إلى 8 أسابيع من الطلب (الشحن ثم التخليص في الميناء).',
    sw: 'Magari yaliyopo yanafikishwa ndani ya siku 3 hadi 7 baada ya malipo ndani ya nchi yake; gari la kuagizwa linafika wiki 4 hadi 8 baada ya oda (usafirishaji, kisha kutolewa bandarini).',
  },
  documents: {
    en: 'We clear the car through customs for you and hand over the customs release, the duty receipts, the bill of lading and the registration papers with the plates. You bring a valid ID and, for a company, its registration certificate.',
    fr: "Nous dédouanons la voiture pour vous et vous remettons la mainlevée douanière, les quittances des droits, le connaissement et les papiers d'immatriculation avec les plaques. Vous apportez une pièce d'identité valide et, pour une société, son extrait d'immatriculation.",
    ar: 'نتولى تخليص السيارة من الجمارك ونسلمك إذن الإفراج الجمركي وإيصالات الرسوم وبوليصة الشحن وأوراق التسجيل مع اللوحات. تحضر أنت هوية سارية، وللشركات شهادة تسجيلها.',
    sw: 'Tunaitoa gari forodhani kwa niaba yako na kukukabidhi kibali cha forodha, stakabadhi za ushuru, hati ya usafirishaji na nyaraka za usajili pamoja na namba za gari. Unaleta kitambulisho halali na, kwa kampuni, cheti chake cha usajili.',
  },
  inspection: {
    en: 'Every car passes our 150-point inspection before it is listed, and you are welcome to see it, test-drive it or bring your own mechanic before you pay: book a visit from the car’s page or with a person from our team.',
    fr: "Chaque voiture passe notre contrôle en 150 points avant d'être mise en vente, et vous pouvez la voir, l'essayer ou venir avec votre mécanicien avant de payer : réservez une visite depuis la page de la voiture ou avec un conseiller.",
    ar: 'تخضع كل سيارة لفحصنا المكوّن من 150 نقطة قبل عرضها، ويمكنك معاينتها أو تجربتها أو إحضار ميكانيكيّك قبل الدفع: احجز زيارة من صفحة السيارة أو مع أحد موظفينا.',
    sw: 'Kila gari hupitia ukaguzi wetu wa vipengele 150 kabla ya kuuzwa, na unakaribishwa kuliona, kulijaribu au kuja na fundi wako kabla ya kulipa: panga ziara kutoka ukurasa wa gari au na mtu wa timu yetu.',
  },
  warranty: {
    en: 'New cars carry the maker’s warranty; our used cars carry a 6-month or 10,000 km warranty on the engine and gearbox. The details are on the warranty page (/warranty).',
    fr: "Les voitures neuves ont la garantie du constructeur ; nos voitures d'occasion ont une garantie de 6 mois ou 10 000 km sur le moteur et la boîte de vitesses. Les détails sont sur la page garantie (/warranty).",
    ar: 'السيارات الجديدة مشمولة بضمان الصانع؛ وسياراتنا المستعملة مشمولة بضمان 6 أشهر أو 10,000 كم على المحرك وناقل الحركة. التفاصيل في صفحة الضمان (/warranty).',
    sw: 'Magari mapya yana dhamana ya mtengenezaji; magari yetu yaliyotumika yana dhamana ya miezi 6 au km 10,000 kwa injini na gia. Maelezo yako kwenye ukurasa wa dhamana (/warranty).',
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists tara_answers (
      id text generated always as (topic || ':' || language) stored primary key,
      topic text not null,
      language text not null,
      text text not null,
      updated_by text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  for (const [topic, texts] of Object.entries(SEED)) {
    for (const [language, text] of Object.entries(texts)) {
      await sql`insert into tara_answers (topic, language, text) values (${topic}, ${language}, ${text}) on conflict (id) do nothing`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists tara_answers`.execute(db);
}
