import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Profil de l’entreprise',
  lead: 'AutoBest Africa met plus de 35 ans d’expérience du commerce automobile au service des acheteurs, des vendeurs et des entreprises de tout le continent.',
  historyTitle: 'Notre histoire',
  historyBody1:
    'Notre maison mère a ouvert son premier showroom à Lagos il y a plus de 35 ans, pour vendre et entretenir les voitures des familles et des entreprises nigérianes. Au fil des décennies, elle est devenue un réseau de showrooms, d’ateliers et d’activités d’importation qui a vendu plus de 250 000 véhicules.',
  historyBody2:
    'AutoBest Africa est sa filiale pour tout le continent : une plateforme en ligne qui met les mêmes véhicules inspectés, les mêmes prix honnêtes et le même service après-vente à la portée des acheteurs où qu’ils vivent, avec des prix dans leur monnaie et de l’aide dans leur langue.',
  figuresTitle: 'Chiffres clés',
  networkTitle: 'Notre réseau',
  networkBody:
    'Nous avons des bureaux à Lagos, Abuja, Accra, Nairobi et Johannesburg et, avec nos concessionnaires partenaires, nous servons des clients dans 8 villes et plus de 15 pays africains. Plus de 650 conteneurs de véhicules par an transitent sous notre responsabilité par les ports de Lagos, Tema, Mombasa et Durban.',
  servicesTitle: 'Services aux entreprises',
  importTitle: 'Services d’importation',
  importBody: 'Nous trouvons la voiture que vous voulez auprès des constructeurs et de nos concessionnaires partenaires à l’étranger, et vous la livrons dédouanée et immatriculée.',
  importPoint1: 'Recherche selon vos critères, neuf ou occasion',
  importPoint2: 'Inspection et photos avant l’expédition',
  importPoint3: 'Transport maritime, assurance et formalités portuaires',
  importPoint4: 'Droits de douane, taxes et immatriculation gérés pour vous',
  importPoint5: 'Un devis rendu chez vous avant tout engagement',
  importAction: 'Demander un devis d’importation',
  enterpriseTitle: 'Solutions entreprises',
  enterpriseBody: 'Des flottes pour les entreprises, les administrations, les ONG, les opérateurs de VTC et de logistique, de cinq à cinq cents véhicules.',
  enterprisePoint1: 'Tarifs dégressifs sur les véhicules neufs',
  enterprisePoint2: 'Location longue durée de flotte, entretien compris',
  enterprisePoint3: 'Entretien planifié et véhicules de remplacement pendant l’immobilisation des vôtres',
  enterprisePoint4: 'Marquage et traceurs installés avant la livraison',
  enterprisePoint5: 'Un seul chargé de compte et un rapport de flotte mensuel',
  enterpriseAction: 'Parler de votre flotte',
  exportTitle: 'Services d’exportation',
  exportBody: 'Pour les concessionnaires et acheteurs d’autres pays : nous expédions des véhicules depuis le Nigeria, le Ghana, le Kenya et l’Afrique du Sud dans tout le continent.',
  exportPoint1: 'Formalités transfrontalières selon les règles de la CEDEAO, de la CAE et de la SADC',
  exportPoint2: 'Transport par route ou par mer jusqu’à votre pays',
  exportPoint3: 'Dédouanement à l’export et documents de transit',
  exportPoint4: 'Conditions de gros pour les concessionnaires agréés',
  exportAction: 'Parler à notre équipe export',
  aboutLink: 'En savoir plus sur AutoBest Africa',
} satisfies Translation<typeof en>;
