import type { Translation } from '../../i18n';
import type en from './en';

export default {
  close: 'Fermer',
  intro: 'Laissez vos coordonnées : notre équipe vous contactera sous 24 heures.',
  fullName: 'Nom complet',
  phone: 'Numéro de téléphone',
  email: 'E-mail (facultatif)',
  message: 'Message (facultatif)',
  preferredDate: 'Date souhaitée',
  send: 'Envoyer la demande',
  sending: 'Envoi...',
  sent: 'Merci ! Nous avons bien reçu votre demande concernant {subject} et vous contacterons sous 24 heures.',
  failed: "Votre demande n'a pas pu être envoyée. Veuillez réessayer.",
  fieldsInvalid: 'Veuillez corriger les champs signalés.',
} satisfies Translation<typeof en>;
