import type { Translation } from '../../i18n';
import type en from './en';

export default {
  title: 'Assistance',
  lead: 'Trouvez les réponses aux questions fréquentes, ou contactez notre équipe par chat, téléphone ou e-mail.',
  searchLabel: 'Rechercher dans l’aide',
  searchPlaceholder: 'ex. livraison, garantie, documents',
  topicsTitle: 'Sujets d’aide',
  'topics.one': '{count} sujet',
  'topics.many': '{count} de sujets',
  'topics.other': '{count} sujets',
  noMatch: 'Aucun sujet ne correspond à « {query} ».',
  noMatchHint: 'Essayez d’autres mots, ou posez la question à notre équipe ci-dessous.',
  clearSearch: 'Afficher tous les sujets',
  buyingQ: 'Comment acheter une voiture chez AutoBest ?',
  buyingA:
    'Trouvez une voiture dans notre catalogue et ouvrez sa fiche pour voir les photos, les caractéristiques et le prix dans votre monnaie. Réservez-la ou discutez avec notre équipe commerciale : un conseiller vous confirme par écrit la disponibilité, le prix final et la date de livraison avant que vous ne payiez quoi que ce soit au-delà de la réservation.',
  buyingLink: 'Parcourir le catalogue',
  reserveQ: 'Comment fonctionne la réservation d’une voiture ?',
  reserveA:
    'La réservation bloque la voiture pour vous pendant que nous préparons les papiers et l’inspection. Le montant de la réservation ({amount} pour la plupart des véhicules) est déduit du prix. Si la voiture échoue à l’inspection ou si nous ne pouvons pas la livrer, nous vous remboursons intégralement.',
  importQ: 'Pouvez-vous importer une voiture précise pour moi ?',
  importA:
    'Oui. Indiquez-nous la marque, le modèle, l’année et votre budget, et nous trouvons la voiture auprès de nos concessionnaires partenaires à l’étranger. Nous gérons le transport, le dédouanement et l’immatriculation, et vous remettons un devis rendu chez vous avant tout engagement. La plupart des importations prennent de 6 à 10 semaines.',
  importLink: 'Services d’importation',
  financeQ: 'Puis-je payer en plusieurs fois ou obtenir un crédit auto ?',
  financeA:
    'Nos banques et sociétés de financement partenaires proposent des crédits auto et des paiements échelonnés, sous réserve de leur accord. Il vous faudra une pièce d’identité valide, un justificatif de revenus et généralement un apport. Particuliers et entreprises peuvent aussi louer une voiture au mois.',
  financeLink: 'Location et leasing',
  deliveryQ: 'Livrez-vous, et en combien de temps ?',
  deliveryA:
    'Nous livrons à votre domicile ou à votre bureau dans les villes que nous desservons, et organisons le transport vers les autres localités. Les voitures en stock arrivent en général 3 à 7 jours ouvrés après le paiement. Vous pouvez aussi récupérer votre voiture dans nos bureaux de Lagos, Abuja, Accra, Nairobi ou Johannesburg.',
  sellQ: 'Comment vendre ma voiture à AutoBest ?',
  sellA:
    'Remplissez le formulaire de vente avec les informations de votre voiture et jusqu’à 6 photos. Nous vous répondons avec une offre sous 24 à 48 heures, sous réserve d’une inspection physique, et payons par virement bancaire une fois les papiers signés.',
  sellLink: 'Vendre votre voiture',
  tradeInQ: 'Comment est calculée la valeur de reprise de ma voiture ?',
  tradeInA:
    'Nous tenons compte de la marque, du modèle, de l’année, du kilométrage, de l’état, de l’historique d’entretien et de la demande du moment, d’abord sur vos photos puis lors d’une inspection physique. Vous recevez une estimation sous 24 à 48 heures ; la valeur finale est confirmée à l’inspection et déduite du prix de votre prochaine voiture.',
  tradeInLink: 'Demander une reprise',
  warrantyQ: 'Quelle garantie accompagne ma voiture ?',
  warrantyA:
    'Les voitures neuves bénéficient de la garantie du constructeur. Les voitures d’occasion et d’occasion certifiée sont couvertes comme indiqué sur la fiche du véhicule. Des extensions de garantie et des assurances sont disponibles dans les deux cas.',
  warrantyLink: 'Assurance et garantie',
  currencyQ: 'Puis-je voir les prix et payer dans ma monnaie ?',
  currencyA:
    'Les prix sont fixés en dollars américains et affichés dans la monnaie que vous choisissez en haut de la page, au taux de change du jour. Le montant à payer et sa monnaie sont fixés sur votre facture ; d’ici là, le prix converti peut varier avec le taux de change.',
  documentsQ: 'Quels documents faut-il pour acheter une voiture ?',
  documentsA:
    'Une pièce d’identité officielle valide (carte nationale d’identité, passeport ou permis de conduire), un justificatif de domicile et, si votre pays l’exige, votre numéro d’identification fiscale. Les entreprises fournissent aussi leur certificat d’immatriculation. Pour les voitures importées, nous préparons avec vous les documents de douane.',
  serviceQ: 'Comment réserver un entretien ou une réparation ?',
  serviceA: 'Choisissez une prestation et un créneau sur notre page entretien, ou appelez-nous. Un entretien courant prend en général 1 à 2 heures, et nous vous annonçons le prix avant tout travail.',
  serviceLink: 'Réserver un entretien',
  breakdownQ: 'Que faire si ma voiture tombe en panne ?',
  breakdownA:
    'Mettez-vous en sécurité, allumez vos feux de détresse et appelez notre ligne d’urgence à toute heure, de jour comme de nuit. Dites-nous où vous êtes et ce qui s’est passé : nous envoyons de l’aide ou organisons le remorquage vers l’atelier le plus proche.',
  breakdownLink: 'Urgence routière',
  taraQ: 'Qui est Tara ?',
  taraA:
    'Tara est notre assistante d’achat automobile, dotée d’intelligence artificielle. Elle vous aide à comparer les voitures dans votre budget, en anglais, en français, en arabe ou en swahili. Confirmez toujours les détails avec notre équipe avant d’acheter.',
  taraLink: 'Découvrir Tara',
  optionsTitle: 'Parler à notre équipe',
  chatTitle: 'Chat en direct',
  chatDetail: 'Discutez avec Tara, notre assistante d’achat',
  chatNote: 'Notre équipe prend le relais si vous avez besoin d’une personne',
  chatAction: 'Démarrer une discussion',
  phoneTitle: 'Téléphone',
  phoneHours: 'Lun-Sam 8h-18h (heure d’Afrique de l’Ouest)',
  phoneAction: 'Nous appeler',
  emailTitle: 'E-mail',
  emailNote: 'Réponse sous 24 h',
  emailAction: 'Envoyer un e-mail',
  emailSubject: 'Demande d’assistance',
  emergencyTitle: 'Urgence routière',
  emergencyBody: 'En panne, accidenté ou enfermé dehors ? Notre ligne d’urgence répond 24 h/24, 7 j/7.',
  emergencyAction: 'Appeler la ligne d’urgence',
  emergencySafety: 'Si quelqu’un est blessé ou en danger, appelez d’abord les secours au 112.',
} satisfies Translation<typeof en>;
