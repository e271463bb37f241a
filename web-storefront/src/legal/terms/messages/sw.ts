import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  title: 'Masharti ya huduma',
  lastUpdated: 'Ilisasishwa mwisho: {date}',
  contents: 'Yaliyomo',
  intro:
    'Masharti haya yanasimamia matumizi yako ya tovuti ya AutoBest Africa na huduma tunazotoa kupitia tovuti hiyo. Tafadhali yasome kwa makini: kwa kutumia tovuti yetu au kututumia ombi, unakubali masharti haya.',
  aboutTitle: 'Kuhusu masharti haya',
  aboutBody: `Masharti haya ni makubaliano kati yako na AutoBest Africa ("AutoBest", "sisi"), soko la mtandaoni la magari la muuzaji wa magari wa Nigeria mwenye historia ndefu, lenye ofisi Lagos, Abuja, Accra, Nairobi na Johannesburg.

Unaponunua, kuhifadhi, kuuza au kubadilisha gari, au kujiunga na mpango wa huduma, dhamana au bima, makadirio ya bei, ankara au hati ya mpango iliyoandikwa unayopokea pia inatumika. Ikitofautiana na masharti haya, hati iliyoandikwa ndiyo inayotumika kwa muamala huo. Sera yetu ya faragha inaeleza jinsi tunavyoshughulikia taarifa zako binafsi.`,
  useTitle: 'Kutumia tovuti yetu',
  useBody: `Unaweza kutumia tovuti yetu ikiwa una umri wa angalau miaka 18 na unaweza kuingia mkataba unaofunga kisheria. Unakubali:

- kutoa taarifa za kweli, sahihi na kamili katika kila fomu na ombi;
- kupakia picha na nyaraka tu ambazo una haki ya kuzishiriki;
- kutotumia tovuti kwa jambo lolote lisilo halali, la udanganyifu au lenye madhara;
- kutonakili matangazo yetu kwa wingi, kutovuruga tovuti wala kujaribu kufikia sehemu zake zisizokusudiwa kwako.

Tunaweza kusimamisha ufikiaji au kukataa ombi tukiwa na sababu za msingi za kuamini kuwa masharti haya yamevunjwa.`,
  listingsTitle: 'Magari, picha na bei',
  listingsBody: `Tunajitahidi kueleza kila gari kwa usahihi, kwa kutumia taarifa kutoka kwa watengenezaji na wafanyabiashara waliothibitishwa. Isipokuwa tangazo likisema vinginevyo, picha ni za kielelezo tu na hazionyeshi gari halisi linalouzwa; rangi, matoleo na vifaa vinaweza kutofautiana.

Bei zimewekwa kwa dola za Marekani. Bei zinazoonyeshwa kwa sarafu nyingine zimebadilishwa kwa kiwango cha ubadilishaji cha siku hiyo kwa taarifa yako tu, na hubadilika viwango vinapobadilika. Bei inayotufunga ni ile iliyo kwenye makadirio ya bei au ankara yako iliyoandikwa, kwa sarafu iliyotajwa humo.

Matangazo yanaweza kuwa na makosa. Tukigundua kosa la wazi katika bei au maelezo, tutakujulisha kabla hujalipa na unaweza kughairi bila gharama. Tangazo ni mwaliko wa kutoa ofa, si ofa unayoweza kuikubali kwa kubofya.`,
  reservationsTitle: 'Kuhifadhi gari na malipo',
  reservationsBody: `Unaweza kuhifadhi magari mengi kwa kulipa kiasi cha kuhifadhi kinachoonyeshwa kwenye ukurasa wa gari (₦5,000,000 kwa magari mengi). Uhifadhi unalishikilia gari kwa ajili yako kwa siku 7, au kwa muda uliokubaliwa kwa maandishi, wakati tunaandaa ukaguzi na makaratasi. Kiasi cha kuhifadhi ni sehemu ya bei.

Gari likishindwa ukaguzi, tukishindwa kulikabidhi, au bei ya mwisho ikiwa juu kuliko uliyokubali, tunakurudishia kiasi chote cha kuhifadhi. Ukighairi kwa sababu nyingine yoyote, tunakirudisha baada ya kutoa gharama zozote ambazo tayari tumelipa kwa maelekezo yako, tutakazokuonyesha kwa maandishi.

Lipa tu kwenye akaunti za benki za AutoBest zilizotajwa kwenye ankara yako. Wafanyakazi wetu hawatakuomba kamwe ulipe kwenye akaunti binafsi au utume pesa kwa njia nyingine yoyote. Mtu yeyote akikuomba hivyo, usilipe na utupigie simu kwa +234 800 288 6237.`,
  importsTitle: 'Magari yanayoagizwa nje, ushuru na ukabidhiwaji',
  importsBody: `Kwa magari tunayokuagizia kutoka nje, makadirio yetu ya bei yanaonyesha bei ya gari, usafirishaji, bima, gharama za bandari, ushuru wa forodha, tozo na usajili. Ushuru na tozo huwekwa na mamlaka za forodha na yanaweza kubadilika kabla gari lako halijafika; mabadiliko yoyote yanahamishiwa kwako kwa gharama halisi, na tutakujulisha mara tu tutakapoyafahamu.

Tarehe za ukabidhiwaji ni makadirio yetu bora. Ratiba za meli, msongamano bandarini na ukaguzi wa forodha vinaweza kusababisha ucheleweshaji usio chini ya udhibiti wetu, na tutakujulisha kila hatua. Umiliki wa gari unahamia kwako unapolilipia kikamilifu; hatari inahamia kwako unapokabidhiwa au kulichukua.

Kagua gari unapolipokea na utujulishe uharibifu wowote au kitu kinachokosekana kwenye hati ya ukabidhiwaji, au ndani ya saa 48.`,
  sellingTitle: 'Kuuza gari lako na kubadilisha gari',
  sellingBody: `Unapotuomba tununue gari lako au tulipokee kwa kubadilishana, tunalenga kukutumia makadirio au ofa ndani ya saa 24-48. Kila ofa inategemea ukaguzi wa gari lenyewe na nyaraka zake, na inadumu kwa siku 7 isipokuwa ikisema vinginevyo. Kiasi cha mwisho kinathibitishwa kwa maandishi baada ya ukaguzi.

Unathibitisha kwamba:

- wewe ndiye mmiliki wa gari au umeidhinishwa na mmiliki wake kuliuza;
- gari si la wizi, na mkopo au dhamana yoyote juu yake umetuwekea wazi;
- taarifa na picha unazotoa ni za kweli na zinaonyesha gari lilivyo;
- utakabidhi makaratasi ya gari, kama uthibitisho wa umiliki, leseni ya gari na nyaraka za forodha.

Tunaweza kukataa gari lolote. Tunalipa kwa uhamisho wa benki baada ya nyaraka za uhamisho kusainiwa na gari kukabidhiwa; kwa kubadilisha gari, thamani iliyokubaliwa inapunguzwa kwenye bei ya gari lako linalofuata.`,
  taraTitle: 'Tara, msaidizi wetu wa AI',
  taraBody:
    'Tara, msaidizi wetu wa akili bandia wa kununua magari, anatoa mwongozo wa jumla kukusaidia kuchagua. Majibu yake yanatolewa kiotomatiki na yanaweza kuwa pungufu au si sahihi, na si ushauri wa kifedha, kisheria wala kiufundi. Uhakiki wa mwisho unahitajika kabla ya kununua: daima thibitisha bei, sifa na upatikanaji na timu yetu.',
  warrantyTitle: 'Dhamana, bima na huduma',
  warrantyBody: `Magari mapya yanakuja na dhamana ya mtengenezaji. Dhamana yoyote ya gari lililotumika au lililothibitishwa, na dhamana yoyote ya ziada au mpango wa huduma, imeelezwa katika hati yake ya mpango iliyoandikwa, inayoonyesha inachofunika na jinsi ya kudai.

Bima hutolewa na kampuni za bima zenye leseni; tunakusaidia kuchagua sera, na hati ya sera ya kampuni ya bima ndiyo inayosimamia kinga yako. Bei za huduma na matengenezo hutajwa kabla kazi yoyote haijaanza.

Hakuna chochote katika masharti haya kinachoathiri haki zako chini ya Sheria ya Shirikisho ya Ushindani na Ulinzi wa Mlaji ya 2018 au sheria nyingine ya kumlinda mlaji inayokuhusu.`,
  contentTitle: 'Maudhui yetu',
  contentBody:
    'Jina na nembo ya AutoBest, tovuti na maandishi, muundo na programu zake ni mali yetu au ya waliotupa leseni. Unaweza kutazama na kushiriki kurasa zetu kwa matumizi yako binafsi. Huruhusiwi kunakili, kuuza upya au kuchapisha upya maudhui au matangazo yetu bila ruhusa yetu ya maandishi. Chapa na majina ya modeli za magari ni mali ya watengenezaji wake.',
  linksTitle: 'Tovuti na huduma nyingine',
  linksBody:
    'Tovuti yetu ina viungo vya huduma zinazoendeshwa na wengine, kama WhatsApp, watoa huduma za barua pepe na benki. Masharti na sera zao za faragha ndizo zinazotumika unapozitumia, na hatuwajibiki kwa maudhui yao wala upatikanaji wao.',
  liabilityTitle: 'Wajibu wetu',
  liabilityBody: `Hakuna chochote katika masharti haya kinachopunguza wajibu wetu kwa kifo au majeraha yanayosababishwa na uzembe wetu, kwa udanganyifu, au kwa jambo lingine lolote ambalo sheria haituruhusu kulipunguza.

Vinginevyo, hatuwajibiki kwa hasara ambazo hazikutarajiwa ulipotumia huduma zetu, kwa hasara ya biashara au faida, au kwa ucheleweshaji unaosababishwa na matukio yaliyo nje ya udhibiti wetu wa kawaida. Wajibu wetu wote kwa muamala mmoja hauzidi kiasi ulichotulipa kwa muamala huo.

Tunajitahidi kuhakikisha tovuti inapatikana na ni sahihi, lakini hatuwezi kuahidi kwamba itafanya kazi daima bila kukatika au bila makosa.`,
  lawTitle: 'Sheria na migogoro',
  lawBody: `Masharti haya yanasimamiwa na sheria za Jamhuri ya Shirikisho ya Nigeria.

Jambo likienda vibaya, tafadhali wasiliana nasi kwanza: matatizo mengi hutatuliwa haraka kwa njia hiyo. Tusipokubaliana ndani ya siku 30, yeyote kati yetu anaweza kupeleka mgogoro kwa usuluhishi katika Lagos Multi-Door Courthouse, na hilo likishindikana, kwa mahakama za Jimbo la Lagos. Ikiwa unaishi nchi nyingine, unabaki na kinga yoyote unayopewa na sheria ya mlaji ya nchi hiyo.`,
  changesTitle: 'Mabadiliko ya masharti haya',
  changesBody:
    'Tunaweza kusasisha masharti haya huduma zetu au sheria zinapobadilika. Tarehe iliyo juu inaonyesha toleo linalotumika. Mabadiliko hayaathiri muamala uliokwisha kukubaliwa, na tutatangaza mabadiliko makubwa kwenye tovuti yetu kabla hayajaanza kutumika.',
  contactTitle: 'Wasiliana nasi',
  contactBody: 'Una maswali kuhusu masharti haya? Timu yetu inajibu Jumatatu hadi Jumamosi, saa 2 asubuhi hadi saa 12 jioni (saa za Afrika Magharibi), na inajibu barua pepe ndani ya saa 24.',
  emailLabel: 'Barua pepe:',
  phoneLabel: 'Simu:',
} satisfies Translation<typeof en>;
