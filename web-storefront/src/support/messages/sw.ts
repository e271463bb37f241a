import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Msaada',
  lead: 'Pata majibu ya maswali yanayoulizwa mara kwa mara, au wasiliana na timu yetu kwa gumzo, simu au barua pepe.',
  searchLabel: 'Tafuta mada za msaada',
  searchPlaceholder: 'mf. usafirishaji, dhamana, nyaraka',
  topicsTitle: 'Mada za msaada',
  'topics.one': 'Mada {count}',
  'topics.other': 'Mada {count}',
  noMatch: 'Hakuna mada inayolingana na “{query}”.',
  noMatchHint: 'Jaribu maneno mengine, au uliza timu yetu hapa chini.',
  clearSearch: 'Onyesha mada zote',
  buyingQ: 'Ninanunuaje gari kutoka AutoBest?',
  buyingA:
    'Tafuta gari katika orodha yetu na ulifungue uone picha, sifa na bei kwa sarafu yako. Lihifadhi au zungumza na timu yetu ya mauzo: mshauri atakuthibitishia kwa maandishi kama gari linapatikana, bei ya mwisho na tarehe ya kukabidhiwa kabla hujalipa chochote zaidi ya kiasi cha kuhifadhi.',
  buyingLink: 'Angalia magari yaliyopo',
  reserveQ: 'Kuhifadhi gari kunafanyaje kazi?',
  reserveA:
    'Kuhifadhi kunalishikilia gari kwa ajili yako wakati tunaandaa makaratasi na ukaguzi. Kiasi cha kuhifadhi ({amount} kwa magari mengi) kinahesabiwa kama sehemu ya bei. Gari likishindwa ukaguzi au tukishindwa kulikabidhi, tunakurudishia kiasi chote.',
  importQ: 'Mnaweza kuniagizia gari fulani kutoka nje?',
  importA:
    'Ndiyo. Tuambie chapa, modeli, mwaka na bajeti, nasi tutalitafuta gari kupitia wafanyabiashara washirika wetu nje ya nchi. Tunashughulikia usafirishaji, kibali cha forodha na usajili, na tunakupa makadirio ya gharama kamili hadi gari likufikie kabla hujaamua. Uagizaji mwingi huchukua wiki 6 hadi 10.',
  importLink: 'Huduma za uagizaji',
  financeQ: 'Naweza kulipa kwa awamu au kupata mkopo wa gari?',
  financeA:
    'Benki na kampuni za fedha washirika wetu hutoa mikopo ya magari na mipango ya kulipa kwa awamu, kulingana na idhini yao. Utahitaji kitambulisho halali, uthibitisho wa mapato na kwa kawaida malipo ya awali. Watu binafsi na kampuni wanaweza pia kukodisha gari kwa mwezi.',
  financeLink: 'Kukodi na ukodishaji',
  deliveryQ: 'Mnaleta gari hadi kwangu, na inachukua muda gani?',
  deliveryA:
    'Tunaleta gari nyumbani au ofisini kwako katika miji tunayohudumia, na tunapanga usafiri hadi miji mingine. Magari yaliyopo kwa kawaida hufika ndani ya siku 3 hadi 7 za kazi baada ya malipo. Unaweza pia kuchukua gari lako katika ofisi zetu za Lagos, Abuja, Accra, Nairobi au Johannesburg.',
  sellQ: 'Ninauzaje gari langu kwa AutoBest?',
  sellA:
    'Jaza fomu ya kuuza gari kwa maelezo ya gari lako na hadi picha 6. Tunakujibu kwa ofa ndani ya saa 24-48, kulingana na ukaguzi wa gari lenyewe, na tunalipa kwa uhamisho wa benki baada ya makaratasi kusainiwa.',
  sellLink: 'Uza gari lako',
  tradeInQ: 'Thamani ya kubadilisha gari langu inahesabiwaje?',
  tradeInA:
    'Tunaangalia chapa, modeli, mwaka, umbali lililotembea, hali yake, historia ya matengenezo na mahitaji ya soko kwa sasa, kwanza kupitia picha zako na kisha kwa ukaguzi wa gari lenyewe. Unapata makadirio ndani ya saa 24-48; thamani ya mwisho inathibitishwa wakati wa ukaguzi na kupunguzwa kwenye bei ya gari lako linalofuata.',
  tradeInLink: 'Omba kubadilisha gari',
  warrantyQ: 'Gari langu linakuja na dhamana gani?',
  warrantyA:
    'Magari mapya yanakuja na dhamana ya mtengenezaji. Magari yaliyotumika na yaliyothibitishwa yanakuja na kinga iliyoandikwa kwenye ukurasa wa gari husika. Mipango ya dhamana ya ziada na bima inapatikana kwa yote mawili.',
  warrantyLink: 'Bima na dhamana',
  currencyQ: 'Naweza kuona bei na kulipa kwa sarafu yangu?',
  currencyA:
    'Bei zimewekwa kwa dola za Marekani na zinaonyeshwa kwa sarafu unayochagua juu ya ukurasa, kwa kiwango cha ubadilishaji cha siku hiyo. Kiasi utakacholipa na sarafu yake huwekwa kwenye ankara yako; hadi wakati huo bei iliyobadilishwa inaweza kubadilika pamoja na kiwango cha ubadilishaji.',
  documentsQ: 'Nahitaji nyaraka gani kununua gari?',
  documentsA:
    'Kitambulisho halali cha serikali (kitambulisho cha taifa, pasipoti au leseni ya udereva), uthibitisho wa makazi na, pale nchi yako inapohitaji, namba yako ya utambulisho wa mlipakodi. Kampuni zinahitaji pia cheti chao cha usajili. Kwa magari yanayoagizwa nje, tunaandaa nyaraka za forodha pamoja nawe.',
  serviceQ: 'Ninawekaje miadi ya huduma au matengenezo?',
  serviceA: 'Chagua huduma na muda kwenye ukurasa wetu wa huduma, au tupigie simu. Matengenezo ya kawaida huchukua saa 1-2, na tunakueleza bei kabla kazi yoyote haijaanza.',
  serviceLink: 'Weka miadi ya huduma',
  breakdownQ: 'Nifanye nini gari langu likiharibika njiani?',
  breakdownA:
    'Songa mahali salama, washa taa za tahadhari na upige simu kwenye laini yetu ya dharura wakati wowote, mchana au usiku. Tuambie ulipo na kilichotokea: tunatuma msaada au tunapanga gari livutwe hadi karakana iliyo karibu.',
  breakdownLink: 'Dharura ya barabarani',
  taraQ: 'Tara ni nani?',
  taraA:
    'Tara ni msaidizi wetu wa akili bandia wa kununua magari. Anakusaidia kulinganisha magari yanayolingana na bajeti yako kwa Kiingereza, Kifaransa, Kiarabu au Kiswahili. Daima thibitisha maelezo na timu yetu kabla ya kununua.',
  taraLink: 'Mfahamu Tara',
  optionsTitle: 'Zungumza na timu yetu',
  chatTitle: 'Gumzo la moja kwa moja',
  chatDetail: 'Ongea na Tara, msaidizi wetu wa kununua magari',
  chatNote: 'Timu yetu inaendelea pale unapohitaji mtu',
  chatAction: 'Anza gumzo',
  phoneTitle: 'Simu',
  phoneHours: 'Jumatatu-Jumamosi saa 2 asubuhi - saa 12 jioni (saa za Afrika Magharibi)',
  phoneAction: 'Tupigie simu',
  emailTitle: 'Barua pepe',
  emailNote: 'Tunajibu ndani ya saa 24',
  emailAction: 'Tuma barua pepe',
  emailSubject: 'Ombi la msaada',
  emergencyTitle: 'Dharura ya barabarani',
  emergencyBody: 'Gari limeharibika, umepata ajali au umefungiwa nje ya gari? Laini yetu ya dharura inapokea simu saa 24 kwa siku, siku 7 kwa wiki.',
  emergencyAction: 'Piga laini ya dharura',
  emergencySafety: 'Kama kuna mtu ameumia au yuko hatarini, piga kwanza huduma za dharura kwa namba 112.',
} satisfies Translation<typeof en>;
