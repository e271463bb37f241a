import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  title: 'Conditions d’utilisation',
  lastUpdated: 'Dernière mise à jour : {date}',
  contents: 'Sommaire',
  intro:
    'Ces conditions régissent votre utilisation du site d’AutoBest Africa et des services que nous proposons par son intermédiaire. Lisez-les attentivement : en utilisant notre site ou en nous envoyant une demande, vous les acceptez.',
  aboutTitle: 'À propos de ces conditions',
  aboutBody: `Ces conditions constituent un accord entre vous et AutoBest Africa (« AutoBest », « nous »), la plateforme en ligne de vente automobile d’un concessionnaire nigérian établi de longue date, avec des bureaux à Lagos, Abuja, Accra, Nairobi et Johannesburg.

Lorsque vous achetez, réservez, vendez ou faites reprendre un véhicule, ou souscrivez un entretien, une garantie ou une assurance, le devis, la facture ou le document de contrat écrit que vous recevez s’applique également. En cas de différence avec ces conditions, le document écrit prévaut pour cette transaction. Notre politique de confidentialité explique comment nous traitons vos données personnelles.`,
  useTitle: 'Utilisation de notre site',
  useBody: `Vous pouvez utiliser notre site si vous avez au moins 18 ans et la capacité de conclure un contrat. Vous vous engagez :

- à donner des informations vraies, exactes et complètes dans chaque formulaire et demande ;
- à n’envoyer que des photos et documents que vous avez le droit de partager ;
- à ne pas utiliser le site à des fins illégales, frauduleuses ou nuisibles ;
- à ne pas copier nos annonces en masse, perturber le site ou tenter d’accéder à des parties qui ne vous sont pas destinées.

Nous pouvons suspendre l’accès ou refuser une demande si nous avons des raisons sérieuses de penser que ces conditions ne sont pas respectées.`,
  listingsTitle: 'Véhicules, images et prix',
  listingsBody: `Nous veillons à décrire chaque véhicule avec exactitude, à partir des informations des constructeurs et de concessionnaires vérifiés. Sauf mention contraire dans l’annonce, les images sont uniquement illustratives et ne représentent pas le véhicule réellement en vente ; couleurs, finitions et équipements peuvent différer.

Les prix sont fixés en dollars américains. Les prix affichés dans une autre monnaie sont convertis au taux de change du jour, à titre indicatif, et évoluent avec les taux. Le prix qui nous engage est celui de votre devis ou de votre facture écrits, dans la monnaie qui y est indiquée.

Une annonce peut contenir des erreurs. Si nous découvrons une erreur manifeste de prix ou de description, nous vous prévenons avant tout paiement et vous pouvez annuler sans frais. Une annonce est une invitation à faire une offre, et non une offre que vous pourriez accepter d’un clic.`,
  reservationsTitle: 'Réservations et paiement',
  reservationsBody: `Vous pouvez réserver la plupart des véhicules en versant le montant de réservation indiqué sur la fiche du véhicule (5 000 000 ₦ pour la plupart des véhicules). La réservation bloque le véhicule pour vous pendant 7 jours, ou pendant la durée convenue par écrit, le temps de préparer l’inspection et les papiers. Le montant de la réservation fait partie du prix.

Si le véhicule échoue à l’inspection, si nous ne pouvons pas le livrer, ou si le prix final est supérieur à celui convenu, nous remboursons intégralement la réservation. Si vous annulez pour une autre raison, nous la remboursons déduction faite des frais déjà engagés sur vos instructions, que nous vous présenterons par écrit.

Payez uniquement sur les comptes bancaires d’AutoBest indiqués sur votre facture. Notre personnel ne vous demandera jamais de payer sur un compte personnel ni d’envoyer de l’argent par un autre moyen. Si quelqu’un vous le demande, ne payez pas et appelez-nous au +234 800 288 6237.`,
  importsTitle: 'Véhicules importés, droits de douane et livraison',
  importsBody: `Pour les véhicules que nous importons pour vous, notre devis détaille le prix du véhicule, le transport, l’assurance, les frais portuaires, les droits de douane, les taxes et l’immatriculation. Les droits et taxes sont fixés par les autorités douanières et peuvent changer avant l’arrivée de votre véhicule ; toute variation vous est répercutée à prix coûtant, et nous vous en informons dès que nous en avons connaissance.

Les dates de livraison sont notre meilleure estimation. Les horaires des navires, l’encombrement des ports et les contrôles douaniers peuvent entraîner des retards indépendants de notre volonté, et nous vous tiendrons informé. La propriété du véhicule vous est transférée à son paiement complet ; les risques vous sont transférés à sa livraison ou à son retrait.

Vérifiez le véhicule à sa réception et signalez tout dommage ou élément manquant sur le bon de livraison, ou dans les 48 heures.`,
  sellingTitle: 'Vente de votre voiture et reprise',
  sellingBody: `Lorsque vous nous demandez d’acheter votre voiture ou de la reprendre, nous nous efforçons de vous envoyer une estimation ou une offre sous 24 à 48 heures. Toute offre est soumise à une inspection physique et aux documents du véhicule, et reste valable 7 jours sauf mention contraire. Le montant final est confirmé par écrit après l’inspection.

Vous confirmez :

- que vous êtes propriétaire du véhicule ou autorisé par son propriétaire à le vendre ;
- que le véhicule n’est pas volé et que tout prêt ou gage le concernant nous est déclaré ;
- que les informations et photos fournies sont vraies et montrent le véhicule tel qu’il est ;
- que vous remettrez les papiers du véhicule, comme le titre de propriété, la vignette et les documents de douane.

Nous pouvons refuser tout véhicule. Nous payons par virement bancaire une fois les documents de cession signés et le véhicule remis ; en cas de reprise, la valeur convenue est déduite du prix de votre prochain véhicule.`,
  taraTitle: 'Tara, notre assistante IA',
  taraBody:
    'Tara, notre assistante d’achat automobile dotée d’intelligence artificielle, donne des conseils généraux pour vous aider à choisir. Ses réponses sont générées automatiquement et peuvent être incomplètes ou erronées ; elles ne constituent pas un conseil financier, juridique ou technique. Une vérification finale est nécessaire avant tout achat : confirmez toujours les prix, les caractéristiques et la disponibilité auprès de notre équipe.',
  warrantyTitle: 'Garantie, assurance et entretien',
  warrantyBody: `Les véhicules neufs bénéficient de la garantie du constructeur. Toute garantie sur un véhicule d’occasion ou d’occasion certifiée, et toute extension de garantie ou formule d’entretien, est décrite dans son document contractuel, qui précise ce qui est couvert et comment faire une réclamation.

L’assurance est fournie par des assureurs agréés ; nous vous aidons à choisir une police, et le contrat de l’assureur régit votre couverture. Les prix d’entretien et de réparation sont annoncés avant tout travail.

Rien dans ces conditions ne porte atteinte à vos droits au titre du Federal Competition and Consumer Protection Act de 2018 ou de toute autre loi de protection des consommateurs qui vous est applicable.`,
  contentTitle: 'Nos contenus',
  contentBody:
    'Le nom et le logo AutoBest, le site, ses textes, son design et ses logiciels nous appartiennent ou appartiennent à nos concédants. Vous pouvez consulter et partager nos pages pour votre usage personnel. Vous ne pouvez pas copier, revendre ou republier nos contenus ou nos annonces sans notre autorisation écrite. Les marques et noms de modèles appartiennent à leurs constructeurs.',
  linksTitle: 'Autres sites et services',
  linksBody:
    'Notre site renvoie vers des services exploités par d’autres, comme WhatsApp, des fournisseurs de messagerie et des banques. Leurs propres conditions et politiques de confidentialité s’appliquent lorsque vous les utilisez, et nous ne sommes pas responsables de leur contenu ni de leur disponibilité.',
  liabilityTitle: 'Notre responsabilité',
  liabilityBody: `Rien dans ces conditions ne limite notre responsabilité en cas de décès ou de dommage corporel causé par notre négligence, en cas de fraude, ou pour tout ce que la loi ne nous permet pas de limiter.

Pour le reste, nous ne sommes pas responsables des pertes qui n’étaient pas prévisibles lorsque vous avez utilisé nos services, des pertes d’activité ou de bénéfices, ni des retards causés par des événements échappant à notre contrôle raisonnable. Notre responsabilité totale pour une transaction est limitée au montant que vous nous avez payé pour celle-ci.

Nous nous efforçons de garder le site disponible et exact, mais ne pouvons garantir qu’il sera toujours ininterrompu ou exempt d’erreurs.`,
  lawTitle: 'Droit applicable et litiges',
  lawBody: `Ces conditions sont régies par le droit de la République fédérale du Nigeria.

En cas de problème, contactez-nous d’abord : la plupart des difficultés se règlent rapidement ainsi. Si nous ne parvenons pas à un accord dans les 30 jours, chacun de nous peut soumettre le litige à une médiation auprès du Lagos Multi-Door Courthouse puis, à défaut, aux tribunaux de l’État de Lagos. Si vous résidez dans un autre pays, vous conservez la protection que vous accorde son droit de la consommation.`,
  changesTitle: 'Modifications de ces conditions',
  changesBody:
    'Nous pouvons mettre à jour ces conditions lorsque nos services ou la loi évoluent. La date en haut de page indique la version en vigueur. Les modifications ne s’appliquent pas à une transaction déjà conclue, et nous annoncerons les changements importants sur notre site avant leur entrée en vigueur.',
  contactTitle: 'Nous contacter',
  contactBody: 'Une question sur ces conditions ? Notre équipe répond du lundi au samedi de 8 h à 18 h (heure d’Afrique de l’Ouest), et répond aux e-mails sous 24 h.',
  emailLabel: 'E-mail :',
  phoneLabel: 'Téléphone :',
} satisfies Translation<typeof en>;
