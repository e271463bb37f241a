import type { Translation } from '../../i18n';
import type en from './en';

export default {
  back: 'Rudi Mwanzo',
  eyebrow: 'Mfahamu Tara',
  title: 'Msaidizi wa AI wa kununua gari',
  lead: 'Tara ni msaidizi wetu wa akili bandia wa kununua magari. Mweleze bajeti yako, jinsi unavyoendesha na kinachokujali, naye atakupendekezea magari kutoka kwenye orodha yetu yanayokufaa, kwa Kiingereza, Kifaransa, Kiarabu au Kiswahili.',
  soonTitle: 'Gumzo na Tara linafunguliwa hivi karibuni',
  soonBody:
    'Tunamalizia kumwandaa Tara. Hadi atakapokuwa tayari, timu yetu inafurahi kukusaidia kuchagua: tutumie ujumbe au zungumza na mshauri wa mauzo kwenye WhatsApp.',
  soonContact: 'Tutumie ujumbe',
  soonWhatsapp: 'Ongea kwenye WhatsApp',
  whatsappMessage: 'Habari AutoBest, ningependa msaada wa kuchagua gari.',
  benefitsTitle: 'Jinsi Tara anavyokusaidia',
  budgetTitle: 'Magari ndani ya bajeti yako',
  budgetBody: 'Tara anapendekeza magari unayoweza kumudu tu, kwa bei zilizobadilishwa kuwa sarafu yako.',
  languageTitle: 'Anazungumza lugha yako',
  languageBody: 'Uliza maswali yako kwa Kiingereza, Kifaransa, Kiarabu au Kiswahili.',
  compareTitle: 'Kulinganisha bega kwa bega',
  compareBody: 'Linganisha matumizi ya mafuta, nguvu, bei na umaarufu wa magari unayoyapenda.',
  lifeTitle: 'Kulingana na maisha yako',
  lifeBody: 'Safari za familia, kwenda kazini kila siku au barabara mbovu: Tara anazingatia unachomweleza kuhusu uendeshaji wako.',
  inventoryTitle: 'Magari halisi, bei halisi',
  inventoryBody: 'Mapendekezo yanatoka kwenye magari tuliyonayo kweli kwa mauzo, kamwe si matangazo ya mfano.',
  personTitle: 'Mtu halisi unapomhitaji',
  personBody: 'Timu yetu ya mauzo inathibitisha kila undani pamoja nawe, kwa sababu uhakiki wa mwisho unahitajika kabla ya kununua.',
  ctaTitle: 'Uko tayari kuangalia?',
  ctaBody: 'Angalia magari yetu sasa, bei zikiwa kwa sarafu yako.',
  ctaAction: 'Angalia magari',
} satisfies Translation<typeof en>;
