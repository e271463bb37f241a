import { sql, type Kysely } from 'kysely';

/**
 * Tara's knowledge base (issue 40.2): what she answers about delivery times, documents and customs, inspection and
 * warranty, one text per topic and site language, which staff edit in the console (resource `tara-answers`). The id is
 * `topic:language`. Seeded with the team's current answers; a seed row that staff already edited is left alone.
 */
const SEED: Record<string, Record<'en' | 'fr' | 'ar' | 'sw', string>> = {
  delivery: {
    en: "We deliver across Nigeria and to our partner cities in Africa. How long it takes depends on where the car is and where it goes: a person from our team confirms the date and the cost when you reserve.",
    fr: "Nous livrons partout au Nigeria et dans nos villes partenaires en Afrique. Le délai dépend de l'endroit où se trouve la voiture et de sa destination : un conseiller vous confirme la date et le coût lors de la réservation.",
    ar: "نوصل السيارات إلى جميع أنحاء نيجيريا وإلى مدننا الشريكة في أفريقيا. تعتمد المدة على مكان السيارة ووجهتها: يؤكد لك أحد موظفينا الموعد والتكلفة عند الحجز.",
    sw: "Tunafikisha magari kote Nigeria na katika miji washirika wetu barani Afrika. Muda unategemea gari lilipo na linakokwenda: mtu wa timu yetu atakuthibitishia tarehe na gharama unapohifadhi.",
  },
  documents: {
    en: 'We clear the car through customs for you and hand over the customs release, the duty receipts, the bill of lading and the registration papers with the plates. You bring a valid ID and, for a company, its registration certificate.',
    fr: "Nous dédouanons la voiture pour vous et vous remettons la mainlevée douanière, les quittances des droits, le connaissement et les papiers d'immatriculation avec les plaques. Vous apportez une pièce d'identité valide et, pour une société, son extrait d'immatriculation.",
    ar: 'نتولى تخليص السيارة من الجمارك ونسلمك إذن الإفراج الجمركي وإيصالات الرسوم وبوليصة الشحن وأوراق التسجيل مع اللوحات. تحضر أنت هوية سارية، وللشركات شهادة تسجيلها.',
    sw: 'Tunaitoa gari forodhani kwa niaba yako na kukukabidhi kibali cha forodha, stakabadhi za ushuru, hati ya usafirishaji na nyaraka za usajili pamoja na namba za gari. Unaleta kitambulisho halali na, kwa kampuni, cheti chake cha usajili.',
  },
  inspection: {
    en: "Every car is inspected before handover, and you are welcome to see it, test-drive it or bring your own mechanic before you pay: book a visit from the car’s page or with a person from our team.",
    fr: "Chaque voiture est inspectée avant la remise, et vous pouvez la voir, l'essayer ou venir avec votre mécanicien avant de payer : réservez une visite depuis la page de la voiture ou avec un conseiller.",
    ar: "تُفحص كل سيارة قبل تسليمها، ويمكنك معاينتها أو تجربتها أو إحضار ميكانيكيّك قبل الدفع: احجز زيارة من صفحة السيارة أو مع أحد موظفينا.",
    sw: "Kila gari hukaguliwa kabla ya kukabidhiwa, na unakaribishwa kuliona, kulijaribu au kuja na fundi wako kabla ya kulipa: panga ziara kutoka ukurasa wa gari au na mtu wa timu yetu.",
  },
  warranty: {
    en: "New cars carry the maker’s warranty. For every car, the warranty that comes with it is written in your offer, and a person from our team goes through it with you before you pay (see Insurance & Warranty, /insurance).",
    fr: "Les voitures neuves ont la garantie du constructeur. Pour chaque voiture, la garantie qui l'accompagne figure dans votre offre, et un conseiller la parcourt avec vous avant le paiement (voir Assurance et garantie, /insurance).",
    ar: "السيارات الجديدة مشمولة بضمان الصانع. ولكل سيارة يُكتب الضمان المرافق لها في عرضك، ويراجعه معك أحد موظفينا قبل الدفع (انظر التأمين والضمان، /insurance).",
    sw: "Magari mapya yana dhamana ya mtengenezaji. Kwa kila gari, dhamana inayoambatana nalo imeandikwa kwenye ofa yako, na mtu wa timu yetu ataipitia nawe kabla ya kulipa (tazama Bima na Dhamana, /insurance).",
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
