import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Kuhusu AutoBest Africa',
  lead: 'Tunawasaidia watu kote Afrika kununua, kuuza na kumiliki gari linalowafaa kwa uhakika: magari bora, bei za haki kwa sarafu yako, na timu inayobaki nawe hata baada ya mauzo.',
  whoTitle: 'Sisi ni nani',
  whoBody1:
    'AutoBest Africa ni soko la mtandaoni la muuzaji wa magari mwenye historia ndefu, ambaye amekuwa akiuza, kuagiza na kuhudumia magari kwa zaidi ya miaka 35. Tunaleta uzoefu huo mtandaoni, ili mnunuzi aliye Kano, Kumasi au Kisumu apate huduma ileile anayopata mteja anayeingia katika mojawapo ya vyumba vyetu vya maonyesho.',
  whoBody2:
    'Tumebobea katika magari ya kisasa yanayotengenezwa China kutoka chapa kama Chery, BYD na Xpeng, pamoja na modeli zinazoaminika kama Toyota Venza, na tunashughulikia kila kitu katikati: kutafuta gari, ukaguzi, usafirishaji, kibali cha forodha, usajili na kulifikisha mlangoni kwako.',
  figuresTitle: 'AutoBest kwa takwimu',
  valuesTitle: 'Tunachosimamia',
  honestTitle: 'Bei za haki',
  honestBody: 'Bei zimewekwa kwa dola za Marekani na kubadilishwa kuwa sarafu yako kwa kiwango cha ubadilishaji cha siku hiyo, huku ushuru, usafirishaji na ada zikielezwa kabla hujaamua.',
  inspectedTitle: 'Magari yaliyokaguliwa',
  inspectedBody: 'Mafundi wetu hukagua kila gari kabla hatujaliuza, na unaweza kusoma ripoti ya ukaguzi kabla ya kulipa.',
  localTitle: 'Watu wanaoijua soko lako',
  localBody: 'Timu zetu huzungumza lugha yako na zinajua barabara zako, taratibu za makaratasi na jinsi magari yanavyonunuliwa na kuuzwa unakoishi.',
  afterTitle: 'Tupo hata baada ya mauzo',
  afterBody: 'Huduma ya matengenezo, dhamana, bima na msaada wa barabarani saa 24 siku 7 kwa wiki hukufanya uendelee na safari muda mrefu baada ya kuondoka na gari.',
  officesTitle: 'Ofisi zetu',
  officesNote: 'Makao yetu makuu yako Lagos. Pamoja na washirika wetu tunahudumia wateja katika miji 8 na zaidi ya nchi 15 za Afrika.',
  lagos: 'Lagos, Nigeria (makao makuu)',
  abuja: 'Abuja, Nigeria',
  accra: 'Accra, Ghana',
  nairobi: 'Nairobi, Kenya',
  johannesburg: 'Johannesburg, Afrika Kusini',
  careersTitle: 'Nafasi za kazi',
  careersBody:
    'Tunafurahi kila wakati kusikia kutoka kwa washauri wa mauzo, mafundi, wataalamu wa usafirishaji na forodha, wahandisi wa programu na wahudumu wa wateja wanaotaka kuwasaidia Waafrika kuendesha magari bora zaidi.',
  careersHow: 'Ili kutuma maombi, tuma CV yako pamoja na maelezo mafupi kuhusu nafasi na mji unaokuvutia kwa',
  careersReply: 'Tunasoma kila ombi na kujibu ndani ya siku 10 za kazi. Hatuwahi kuwaomba waombaji kazi pesa.',
  careersAction: 'Tuma maombi kwa barua pepe',
  careersSubject: 'Maombi ya kazi',
  investorsTitle: 'Wawekezaji',
  investorsBody:
    'AutoBest Africa inakua pamoja na soko la magari la Afrika. Wanahisa, wakopeshaji na washirika watarajiwa wanaweza kuiomba timu yetu ya mahusiano na wawekezaji taarifa za kampuni, matokeo na fursa za ushirikiano.',
  investorsHow: 'Mahusiano na wawekezaji:',
  investorsAction: 'Wasiliana na mahusiano na wawekezaji',
  investorsSubject: 'Swali la mwekezaji',
  moreTitle: 'Jifunze zaidi',
  moreProfile: 'Wasifu wa kampuni',
  moreServices: 'Huduma zetu',
  moreContact: 'Wasiliana nasi',
} satisfies Translation<typeof en>;
