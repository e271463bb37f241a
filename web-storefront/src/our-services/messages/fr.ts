import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Nos services',
  lead: 'Tout ce qu’il faut pour acheter, vendre et entretenir une voiture, avec une seule équipe joignable dans votre langue.',
  inventoryTitle: 'Véhicules disponibles',
  inventoryBody: 'Voitures neuves et d’occasion, SUV, pick-up et véhicules électriques, tous inspectés, avec des prix affichés dans votre monnaie.',
  sellTitle: 'Vendre votre voiture',
  sellBody: 'Décrivez votre voiture et ajoutez des photos. Nous vous faisons une offre sous 24 à 48 heures, sous réserve d’une inspection physique.',
  tradeInTitle: 'Reprise',
  tradeInBody: 'Utilisez la valeur de votre voiture actuelle pour payer la suivante, avec un seul dossier.',
  serviceTitle: 'Entretien du véhicule',
  serviceBody: 'Entretien courant, freinage et diagnostic moteur par des techniciens qualifiés, au moment qui vous convient.',
  insuranceTitle: 'Assurance et garantie',
  insuranceBody: 'Une assurance pour votre voiture et des extensions de garantie, avec un devis établi pour votre véhicule.',
  supportTitle: 'Assistance 24 h/24, 7 j/7',
  supportBody: 'Réponses aux questions fréquentes, notre équipe par téléphone, e-mail et chat, et une assistance routière de jour comme de nuit.',
  helpTitle: 'Vous ne savez pas par où commencer ?',
  helpBody: 'Dites-nous ce dont vous avez besoin et la bonne personne vous répondra, ou laissez Tara vous proposer des voitures adaptées à votre budget.',
  helpContact: 'Nous contacter',
  helpCompanion: 'Se faire guider par Tara',
} satisfies Translation<typeof en>;
