import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  title: 'Sera ya faragha',
  lastUpdated: 'Ilisasishwa mwisho: {date}',
  contents: 'Yaliyomo',
  intro:
    'Sera hii inaeleza ni taarifa gani binafsi AutoBest Africa inakusanya unapotumia tovuti na huduma zetu, kwa nini tunazikusanya, tunazihifadhi kwa muda gani na haki ulizonazo. Tunashughulikia taarifa binafsi kwa mujibu wa Sheria ya Ulinzi wa Data ya Nigeria ya 2023 (NDPA), Kanuni za Ulinzi wa Data za Nigeria za 2019 (NDPR) na sheria za ulinzi wa data za nchi nyingine tunazofanyia kazi.',
  controllerTitle: 'Sisi ni nani',
  controllerBody: `AutoBest Africa ("AutoBest", "sisi") ni soko la mtandaoni la magari la muuzaji wa magari wa Nigeria mwenye historia ndefu, lenye ofisi Lagos, Abuja, Accra, Nairobi na Johannesburg. AutoBest Africa ndiyo mdhibiti wa taarifa binafsi zilizoelezwa katika sera hii.

Tumemteua Afisa wa Ulinzi wa Data, unayeweza kumfikia kupitia privacy@autobest.africa.`,
  collectTitle: 'Taarifa tunazokusanya',
  collectBody: `Tunakusanya tu kile tunachohitaji kwa huduma unayoomba.

- Fomu za mawasiliano na maswali: jina lako la kwanza na la ukoo, barua pepe, namba ya simu na ujumbe wako.
- Maombi ya kuuza gari na kubadilisha gari: jina lako, barua pepe, namba ya simu na mahali ulipo; chapa, modeli, mwaka, umbali lililotembea, hali, namba ya VIN au chasisi ya gari lako na maelezo yoyote unayoongeza; kwa kubadilisha gari, gari unalotaka baadaye; na ridhaa yako ya kuwasiliana nawe.
- Uhifadhi na ununuzi wa magari: tunachohitaji kuandaa ankara yako, ukabidhiwaji, usajili na nyaraka za forodha, ikiwemo nakala ya kitambulisho chako na uthibitisho wa makazi.
- Mawasiliano: barua pepe, simu na jumbe za WhatsApp unazobadilishana na timu yetu.
- Taarifa za kiufundi: anwani yako ya IP, kivinjari, kifaa, kurasa unazoomba na wakati, zinazorekodiwa na seva zetu kwa usalama na kuifanya huduma iendelee kufanya kazi.

Hatuombi taarifa nyeti kama za afya, dini au za kibayometriki. Tafadhali usiziweke katika jumbe zako.`,
  photosTitle: 'Picha za magari',
  photosBody: `Unapouza au kubadilisha gari unaweza kupakia hadi picha 6 za gari hilo, kila moja isiyozidi MB 5. Tunahakikisha kila faili ni picha halisi na tunaihifadhi pamoja na ombi lako ili wathamini wetu waweze kulitathmini gari.

Picha zinaweza kuonyesha zaidi ya gari: namba za usajili, watu, nyumba yako au mtaa wako. Tafadhali lenga picha zako kwenye gari. Picha zilizopigwa kwa simu zinaweza pia kubeba taarifa zilizofichwa kama wakati na mahali zilipopigwa; unaweza kuzima kipengele cha kuweka mahali katika mipangilio ya kamera kabla ya kupiga picha.

Picha zako huonwa na wafanyakazi wetu tu na, ukaguzi unapohitajika, na mkaguzi tunayemteua. Hatuzichapishi kamwe bila kukuomba ruhusa kwanza.`,
  useTitle: 'Jinsi tunavyotumia taarifa zako',
  useBody: `Tunatumia taarifa binafsi:

- kujibu jumbe na maombi yako na kukujulisha yanavyoendelea;
- kuthamini gari lako na kukupa ofa, au kuandaa ubadilishaji wa gari;
- kukuuzia gari: uhifadhi, ankara, ukabidhiwaji, usajili, forodha na dhamana;
- kukutumia barua pepe unazotarajia kutoka kwetu, kama uthibitisho wa ombi pamoja na kiungo binafsi cha kufuatilia hali yake;
- kuonyesha bei kwa sarafu yako na tovuti kwa lugha yako;
- kuelewa jinsi tovuti yetu inavyotumika na kuiboresha;
- kulinda usalama wa huduma zetu na kuzuia udanganyifu;
- kutimiza wajibu wetu wa kisheria, kama kumbukumbu za kodi na za hesabu.

Tunatuma jumbe za matangazo tu ikiwa umekubali kuzipokea, na kila ujumbe unaeleza jinsi ya kuzisimamisha. Hatufanyi maamuzi kukuhusu kwa kutegemea uchakataji wa kiotomatiki pekee yenye athari za kisheria au athari nyingine kubwa kwako.`,
  lawfulBasisTitle: 'Misingi yetu ya kisheria',
  lawfulBasisBody: `Kwa mujibu wa kifungu cha 25 cha NDPA tunategemea:

- Mkataba: kushughulikia ombi lako, ununuzi au mauzo yako, na hatua unazotuomba tuchukue kabla ya hapo.
- Ridhaa: kwa jumbe za matangazo, na unapoweka alama kwenye kisanduku cha ridhaa katika fomu ya ombi. Unaweza kuondoa ridhaa yako wakati wowote; hilo haliathiri tuliyofanya kabla.
- Wajibu wa kisheria: kuhifadhi kumbukumbu za kodi, hesabu, forodha na usajili wa magari.
- Maslahi halali: kulinda tovuti yetu, kuzuia udanganyifu na kuelewa jinsi huduma zetu zinavyotumika, daima tukiyapima dhidi ya haki na maslahi yako.`,
  analyticsTitle: 'Takwimu za matumizi',
  analyticsBody: `Tunaendesha takwimu zetu wenyewe. Hakuna mtandao wa matangazo wala kampuni ya nje ya takwimu inayopokea data kutoka tovuti yetu.

Tunarekodi kurasa zinazotazamwa na vitendo kama kufungua ukurasa wa gari au kutuma fomu, pamoja na ukurasa, wakati, chaguo lako la lugha na sarafu na kitambulisho cha kipindi cha nasibu kinachohifadhiwa kwenye kivinjari chako hadi utakapofunga kichupo. Hatuhusishi kumbukumbu hizi na jina lako, barua pepe au namba ya simu, na tunazitumia kwa jumla tu kuboresha huduma zetu.`,
  cookiesTitle: 'Vidakuzi na hifadhi ya ndani',
  cookiesBody: `Tovuti yetu haitumii vidakuzi vya matangazo wala vya kufuatilia. Inahifadhi vitu vichache kwenye kivinjari chako ili ifanye kazi kama unavyotarajia:

- user_language: lugha uliyochagua;
- user_currency: sarafu uliyochagua;
- analytics_session: kitambulisho cha kipindi cha nasibu kilichoelezwa hapo juu, kinachofutwa unapofunga kichupo.

Dashibodi ya wafanyakazi wetu hutumia kidakuzi kimoja salama cha kipindi ili wafanyakazi wabaki wameingia. Unaweza kufuta vitu hivi wakati wowote katika mipangilio ya kivinjari chako; tovuti itarudi kwenye lugha na sarafu yake ya msingi.`,
  sharingTitle: 'Tunashirikiana nazo na nani',
  sharingBody: `Hatuuzi taarifa zako binafsi. Tunazishiriki tu na:

- wafanyakazi wetu, na wale tu wanaozihitaji kwa kazi yao;
- kampuni zinazotupa huduma kwa mkataba, kama uhifadhi wa tovuti na utumaji wa barua pepe, ambazo zinaweza kuzitumia kwa maelekezo yetu tu;
- wakaguzi wa magari, mawakala wa usafirishaji na forodha, kampuni za bima, benki na kampuni za fedha, pale inapohitajika kwa huduma unayoomba;
- kampuni mama yetu na kampuni zake tanzu, kwa madhumuni yaliyo katika sera hii;
- mahakama, wasimamizi, polisi au mamlaka nyingine sheria inapotaka, au kulinda haki zetu, wateja wetu au umma.`,
  transfersTitle: 'Uhamishaji wa kimataifa',
  transfersBody:
    'Tunafanya kazi katika nchi kadhaa za Afrika na baadhi ya watoa huduma wetu huhifadhi data nje ya Nigeria. Tunapohamisha taarifa binafsi nje ya Nigeria tunafanya hivyo kama Sehemu ya VIII ya NDPA inavyoruhusu: kwenda nchi zenye kiwango cha kutosha cha ulinzi, chini ya kinga zinazofaa kama vifungu vya mkataba vinavyofunga, au kwa ridhaa yako.',
  retentionTitle: 'Tunazihifadhi kwa muda gani',
  retentionBody: `Tunahifadhi taarifa binafsi kwa muda tunaozihitaji tu:

- jumbe za mawasiliano na maswali: miaka 2 baada ya mawasiliano yetu ya mwisho;
- maombi ya kuuza na kubadilisha gari, pamoja na picha: miaka 2 baada ya ombi kufungwa, isipokuwa mauzo yakifuata;
- kumbukumbu za ununuzi na mauzo: miaka 6 baada ya mwisho wa mwaka wa fedha, kama sheria za kodi na za kampuni zinavyotaka;
- kumbukumbu za takwimu za matumizi: miezi 13;
- kumbukumbu za usalama za seva: siku 90.

Muda huo ukiisha tunafuta data au kuifanya isiweze kumtambulisha mtu.`,
  securityTitle: 'Jinsi tunavyozilinda',
  securityBody:
    'Tunalinda taarifa binafsi kwa usimbaji fiche wakati wa kusafirishwa (HTTPS), kuruhusu wafanyakazi wanaozihitaji tu kuzifikia, akaunti binafsi za wafanyakazi zenye nywila imara, na kumbukumbu ya kila mabadiliko wafanyakazi wanayofanya kwenye ombi. Hakuna mfumo ulio salama kikamilifu: uvunjaji wa usalama ukiweza kuhatarisha haki zako, tutaiarifu Tume ya Ulinzi wa Data ya Nigeria ndani ya saa 72 na kukujulisha bila kuchelewa.',
  rightsTitle: 'Haki zako',
  rightsBody: `Chini ya NDPA una haki ya:

- kuelezwa jinsi tunavyotumia taarifa zako binafsi;
- kupata nakala ya taarifa binafsi tulizonazo kukuhusu;
- kurekebishiwa taarifa zisizo sahihi au pungufu;
- kufutiwa taarifa zako tusipozihitaji tena au unapoondoa ridhaa yako;
- kuzuia au kupinga matumizi yetu ya taarifa hizo, ikiwemo kwa matangazo ya moja kwa moja;
- kupokea taarifa zako katika muundo uliopangwa unaosomeka na mashine, au zitumwe kwa taasisi nyingine;
- kuondoa ridhaa yako wakati wowote;
- kutofanyiwa uamuzi unaotegemea uchakataji wa kiotomatiki pekee.

Ili kutumia haki yoyote kati ya hizi, tuandikie privacy@autobest.africa. Tunaweza kukuomba uthibitishe utambulisho wako, na tunajibu ndani ya siku 30 bila malipo. Usiporidhika na jibu letu, unaweza kuwasilisha malalamiko kwa Tume ya Ulinzi wa Data ya Nigeria (ndpc.gov.ng) au kwa mamlaka ya ulinzi wa data ya nchi yako.`,
  childrenTitle: 'Watoto',
  childrenBody:
    'Huduma zetu ni kwa watu wazima. Hatukusanyi kwa kujua taarifa binafsi za mtu yeyote aliye chini ya miaka 18. Ukiamini mtoto ametutumia taarifa binafsi, wasiliana nasi nasi tutazifuta.',
  changesTitle: 'Mabadiliko ya sera hii',
  changesBody:
    'Tunaweza kusasisha sera hii huduma zetu au sheria zinapobadilika. Tarehe iliyo juu inaonyesha toleo linalotumika, na tutatangaza mabadiliko makubwa kwenye tovuti yetu au kwa barua pepe kabla hayajaanza kutumika.',
  contactTitle: 'Wasiliana nasi',
  contactBody:
    'Una maswali kuhusu sera hii au taarifa zako binafsi? Mwandikie Afisa wetu wa Ulinzi wa Data, au tupigie simu Jumatatu hadi Jumamosi, saa 2 asubuhi hadi saa 12 jioni (saa za Afrika Magharibi). Makao yetu makuu yako Lagos, Nigeria.',
  emailLabel: 'Barua pepe:',
  phoneLabel: 'Simu:',
} satisfies Translation<typeof en>;
