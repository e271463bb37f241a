import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'À propos d’AutoBest Africa',
  lead: 'Nous aidons les Africains à acheter, vendre et garder la bonne voiture en toute confiance : des véhicules de qualité, des prix honnêtes dans votre propre monnaie et une équipe qui reste à vos côtés après la vente.',
  whoTitle: 'Qui sommes-nous',
  whoBody1:
    'AutoBest Africa est la plateforme en ligne d’un concessionnaire automobile établi de longue date, qui vend, importe et entretient des véhicules depuis plus de 35 ans. Nous mettons cette expérience en ligne pour qu’un acheteur à Kano, Kumasi ou Kisumu bénéficie du même soin qu’un client qui entre dans l’un de nos showrooms.',
  whoBody2:
    'Nous sommes spécialisés dans les véhicules modernes fabriqués en Chine, de marques comme Chery, BYD et Xpeng, ainsi que dans des modèles éprouvés comme le Toyota Venza, et nous nous occupons de tout : recherche du véhicule, inspection, transport, dédouanement, immatriculation et livraison à votre porte.',
  figuresTitle: 'AutoBest en chiffres',
  valuesTitle: 'Nos engagements',
  honestTitle: 'Des prix honnêtes',
  honestBody: 'Les prix sont fixés en dollars américains et convertis dans votre monnaie au taux de change du jour ; droits de douane, transport et frais vous sont expliqués avant tout engagement.',
  inspectedTitle: 'Des véhicules inspectés',
  inspectedBody: 'Nos techniciens contrôlent chaque voiture avant de la proposer, et vous pouvez lire le rapport d’inspection avant de payer.',
  localTitle: 'Des équipes qui connaissent votre marché',
  localBody: 'Nos équipes parlent votre langue et connaissent vos routes, vos démarches administratives et la façon dont les voitures s’achètent et se vendent chez vous.',
  afterTitle: 'Présents après la vente',
  afterBody: 'Entretien, garantie, assurance et assistance routière 24 h/24 et 7 j/7 vous accompagnent bien après la remise des clés.',
  officesTitle: 'Nos bureaux',
  officesNote: 'Notre siège est à Lagos. Avec nos partenaires, nous servons des clients dans 8 villes et dans plus de 15 pays africains.',
  lagos: 'Lagos, Nigeria (siège)',
  abuja: 'Abuja, Nigeria',
  accra: 'Accra, Ghana',
  nairobi: 'Nairobi, Kenya',
  johannesburg: 'Johannesburg, Afrique du Sud',
  careersTitle: 'Carrières',
  careersBody:
    'Nous sommes toujours heureux d’entendre des conseillers commerciaux, des techniciens, des spécialistes de la logistique et de la douane, des ingénieurs logiciels et des agents du service client qui veulent aider les Africains à rouler dans de meilleures voitures.',
  careersHow: 'Pour postuler, envoyez votre CV et quelques lignes sur le poste et la ville qui vous intéressent à',
  careersReply: 'Nous lisons chaque candidature et répondons sous 10 jours ouvrés. Nous ne demandons jamais d’argent aux candidats.',
  careersAction: 'Envoyer ma candidature',
  careersSubject: 'Candidature',
  investorsTitle: 'Investisseurs',
  investorsBody:
    'AutoBest Africa grandit avec le marché automobile africain. Actionnaires, prêteurs et futurs partenaires peuvent demander à notre équipe des relations investisseurs des informations sur l’entreprise, ses résultats et les possibilités de partenariat.',
  investorsHow: 'Relations investisseurs :',
  investorsAction: 'Contacter les relations investisseurs',
  investorsSubject: 'Demande investisseur',
  moreTitle: 'En savoir plus',
  moreProfile: 'Profil de l’entreprise',
  moreServices: 'Nos services',
  moreContact: 'Nous contacter',
} satisfies Translation<typeof en>;
