import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Huduma zetu',
  lead: 'Kila unachohitaji kununua, kuuza na kutunza gari, kutoka kwa timu moja unayoweza kuifikia kwa lugha yako.',
  inventoryTitle: 'Magari yaliyopo',
  inventoryBody: 'Magari mapya na yaliyotumika, SUV, pickup na magari ya umeme, yote yamekaguliwa, na bei zikionyeshwa kwa sarafu yako.',
  sellTitle: 'Uza gari lako',
  sellBody: 'Tueleze kuhusu gari lako na uongeze picha. Tunakutumia ofa ndani ya saa 24-48, kulingana na ukaguzi wa gari lenyewe.',
  tradeInTitle: 'Badilisha gari',
  tradeInBody: 'Tumia thamani ya gari unaloendesha leo kulipia gari lako linalofuata, kwa seti moja ya makaratasi.',
  serviceTitle: 'Huduma ya gari',
  serviceBody: 'Matengenezo ya kawaida, huduma ya breki na uchunguzi wa injini na mafundi waliofunzwa, kwa muda unaokufaa.',
  insuranceTitle: 'Bima na dhamana',
  insuranceBody: 'Bima ya gari lako na mipango ya dhamana ya ziada, pamoja na makadirio ya bei yaliyoandaliwa kwa gari lako.',
  supportTitle: 'Msaada saa 24/7',
  supportBody: 'Majibu ya maswali ya kawaida, timu yetu kwa simu, barua pepe na gumzo, na msaada wa barabarani mchana na usiku.',
  helpTitle: 'Hujui uanzie wapi?',
  helpBody: 'Tuambie unachohitaji na mtu sahihi atakujibu, au mwache Tara akupendekezee magari yanayolingana na bajeti yako.',
  helpContact: 'Wasiliana nasi',
  helpCompanion: 'Pata mwongozo kutoka kwa Tara',
} satisfies Translation<typeof en>;
