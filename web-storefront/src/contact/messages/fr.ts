import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Contactez-nous',
  lead: 'Une question sur une voiture, une reprise ou une livraison ? Joignez-nous comme il vous convient.',
  callTitle: 'Appelez-nous',
  callHours: 'Du lundi au samedi, de 8 h à 18 h (WAT)',
  callAction: 'Appeler',
  emailTitle: 'Écrivez-nous',
  emailNote: 'Nous répondons sous 24 heures',
  emailAction: 'Envoyer un e-mail',
  chatTitle: 'Chat en direct',
  chatDetail: 'Discutez avec Tara, notre assistante',
  chatNote: 'Des réponses à toute heure, de jour comme de nuit',
  chatAction: 'Démarrer la discussion',
  formTitle: 'Envoyez-nous un message',
  form: 'Formulaire de contact',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  message: 'Message',
  send: 'Envoyer le message',
  sending: 'Envoi en cours...',
  sent: 'Merci ! Votre message a bien été envoyé. Notre équipe vous répondra sous 24 heures.',
  failed: 'Désolés, nous n’avons pas pu envoyer votre message. Veuillez réessayer.',
} satisfies Translation<typeof en>;
