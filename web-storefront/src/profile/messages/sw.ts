import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Wasifu wa kampuni',
  lead: 'AutoBest Africa inaleta zaidi ya miaka 35 ya uzoefu katika biashara ya magari kwa wanunuzi, wauzaji na biashara kote barani.',
  historyTitle: 'Historia yetu',
  historyBody1:
    'Kampuni mama yetu ilifungua chumba chake cha kwanza cha maonyesho Lagos zaidi ya miaka 35 iliyopita, ikiuza na kuhudumia magari ya familia na biashara za Nigeria. Kwa miongo kadhaa ilikua na kuwa mtandao wa vyumba vya maonyesho, karakana na shughuli za uagizaji ambao umeuza zaidi ya magari 250,000.',
  historyBody2:
    'AutoBest Africa ni kampuni yake tanzu kwa bara zima: soko la mtandaoni linalowafikishia wanunuzi popote walipo magari yaleyale yaliyokaguliwa, bei zilezile za haki na huduma ileile baada ya mauzo, kwa bei katika sarafu yao na msaada kwa lugha yao.',
  figuresTitle: 'Takwimu muhimu',
  networkTitle: 'Mtandao wetu',
  networkBody:
    'Tuna ofisi Lagos, Abuja, Accra, Nairobi na Johannesburg na, pamoja na wafanyabiashara washirika wetu, tunahudumia wateja katika miji 8 na zaidi ya nchi 15 za Afrika. Zaidi ya kontena 650 za magari kwa mwaka hupita katika bandari za Lagos, Tema, Mombasa na Durban chini ya usimamizi wetu.',
  servicesTitle: 'Huduma kwa biashara',
  importTitle: 'Huduma za uagizaji',
  importBody: 'Tunatafuta gari unalotaka kutoka kwa watengenezaji na wafanyabiashara washirika nje ya nchi na kukufikishia likiwa limetolewa forodhani na kusajiliwa.',
  importPoint1: 'Kutafuta gari kulingana na vigezo vyako, jipya au lililotumika',
  importPoint2: 'Ukaguzi na picha kabla gari halijasafirishwa',
  importPoint3: 'Usafirishaji wa meli, bima ya baharini na taratibu za bandarini',
  importPoint4: 'Ushuru wa forodha, tozo na usajili tunakushughulikia',
  importPoint5: 'Makadirio ya gharama kamili kabla hujaamua',
  importAction: 'Omba makadirio ya uagizaji',
  enterpriseTitle: 'Suluhisho kwa makampuni',
  enterpriseBody: 'Magari ya makampuni, taasisi za serikali, mashirika yasiyo ya kiserikali, huduma za usafiri kwa programu na kampuni za usafirishaji, kuanzia magari matano hadi mia tano.',
  enterprisePoint1: 'Bei nafuu kwa ununuzi wa magari mapya kwa wingi',
  enterprisePoint2: 'Ukodishaji wa magari ya kampuni pamoja na matengenezo',
  enterprisePoint3: 'Huduma iliyopangwa na magari mbadala wakati yako yako karakana',
  enterprisePoint4: 'Nembo na vifaa vya kufuatilia magari hufungwa kabla ya kukabidhiwa',
  enterprisePoint5: 'Meneja mmoja wa akaunti na ripoti ya kila mwezi ya magari',
  enterpriseAction: 'Jadili mahitaji ya magari yako',
  exportTitle: 'Huduma za usafirishaji nje',
  exportBody: 'Kwa wafanyabiashara na wanunuzi wa nchi nyingine: tunasafirisha magari kutoka Nigeria, Ghana, Kenya na Afrika Kusini kwenda kote barani.',
  exportPoint1: 'Nyaraka za kuvuka mipaka kwa kanuni za ECOWAS, EAC na SADC',
  exportPoint2: 'Usafiri kwa barabara au bahari hadi nchini kwako',
  exportPoint3: 'Kibali cha forodha cha kusafirisha nje na nyaraka za usafirishaji',
  exportPoint4: 'Masharti ya jumla kwa wafanyabiashara waliosajiliwa',
  exportAction: 'Zungumza na timu yetu ya usafirishaji nje',
  aboutLink: 'Zaidi kuhusu AutoBest Africa',
} satisfies Translation<typeof en>;
