import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  title: 'Politique de confidentialité',
  lastUpdated: 'Dernière mise à jour : {date}',
  contents: 'Sommaire',
  intro:
    'Cette politique explique quelles données personnelles AutoBest Africa collecte lorsque vous utilisez notre site et nos services, pourquoi nous les collectons, combien de temps nous les conservons et quels sont vos droits. Nous traitons les données personnelles conformément à la loi nigériane de 2023 sur la protection des données (Nigeria Data Protection Act, NDPA), au règlement nigérian de 2019 sur la protection des données (NDPR) et aux lois sur la protection des données des autres pays où nous exerçons.',
  controllerTitle: 'Qui sommes-nous',
  controllerBody: `AutoBest Africa (« AutoBest », « nous ») est la plateforme en ligne de vente automobile d’un concessionnaire nigérian établi de longue date, avec des bureaux à Lagos, Abuja, Accra, Nairobi et Johannesburg. AutoBest Africa est le responsable du traitement des données personnelles décrites dans cette politique.

Nous avons désigné un délégué à la protection des données, joignable à l’adresse privacy@autobest.africa.`,
  collectTitle: 'Les informations que nous collectons',
  collectBody: `Nous ne collectons que ce qui est nécessaire au service que vous demandez.

- Formulaires de contact et de demande : vos nom et prénom, adresse e-mail, numéro de téléphone et votre message.
- Demandes de vente et de reprise : vos nom, adresse e-mail, numéro de téléphone et localisation ; la marque, le modèle, l’année, le kilométrage, l’état, le numéro VIN ou de châssis de votre véhicule et vos remarques éventuelles ; pour une reprise, le véhicule que vous souhaitez ensuite ; et votre accord pour être contacté.
- Réservations et achats : ce dont nous avons besoin pour établir votre facture, la livraison, l’immatriculation et les documents de douane, y compris une copie de votre pièce d’identité et un justificatif de domicile.
- Correspondance : les e-mails, appels et messages WhatsApp échangés avec notre équipe.
- Informations techniques : votre adresse IP, votre navigateur, votre appareil, les pages demandées et leur heure, enregistrés par nos serveurs pour la sécurité et le bon fonctionnement du service.

Nous ne demandons pas de données sensibles telles que des données de santé, religieuses ou biométriques. Merci de ne pas en inclure dans vos messages.`,
  photosTitle: 'Photos de véhicules',
  photosBody: `Lorsque vous vendez ou faites reprendre une voiture, vous pouvez en envoyer jusqu’à 6 photos, de 5 Mo maximum chacune. Nous vérifions que chaque fichier est bien une image et le conservons avec votre demande pour que nos experts puissent évaluer la voiture.

Une photo peut montrer plus que la voiture : plaques d’immatriculation, personnes, votre maison ou votre rue. Cadrez vos photos sur le véhicule. Les photos prises avec un téléphone peuvent aussi contenir des informations cachées, comme l’heure et le lieu de la prise de vue ; vous pouvez désactiver la géolocalisation dans les réglages de l’appareil photo avant de les prendre.

Vos photos ne sont vues que par notre personnel et, si une inspection est nécessaire, par l’inspecteur que nous mandatons. Nous ne les publions jamais sans vous le demander d’abord.`,
  useTitle: 'Comment nous utilisons vos informations',
  useBody: `Nous utilisons les données personnelles :

- pour répondre à vos messages et demandes et vous tenir informé de leur avancement ;
- pour évaluer votre voiture et vous faire une offre, ou préparer une reprise ;
- pour vous vendre une voiture : réservation, facture, livraison, immatriculation, douane et garantie ;
- pour vous envoyer les e-mails que vous attendez de nous, comme la confirmation d’une demande avec un lien privé pour en suivre l’état ;
- pour afficher les prix dans votre monnaie et notre site dans votre langue ;
- pour comprendre comment notre site est utilisé et l’améliorer ;
- pour sécuriser nos services et prévenir la fraude ;
- pour respecter nos obligations légales, comme la tenue des registres fiscaux et comptables.

Nous n’envoyons de messages commerciaux que si vous avez accepté de les recevoir, et chacun indique comment ne plus les recevoir. Nous ne prenons à votre sujet aucune décision fondée exclusivement sur un traitement automatisé qui produirait des effets juridiques ou vous affecterait de manière significative.`,
  lawfulBasisTitle: 'Nos bases légales',
  lawfulBasisBody: `Conformément à l’article 25 de la NDPA, nous nous appuyons sur :

- Le contrat : pour traiter votre demande, votre achat ou votre vente, et les démarches que vous nous demandez avant celle-ci.
- Le consentement : pour les messages commerciaux, et lorsque vous cochez la case de consentement d’un formulaire. Vous pouvez retirer votre consentement à tout moment, sans effet sur ce que nous avons fait auparavant.
- L’obligation légale : pour conserver les registres fiscaux, comptables, douaniers et d’immatriculation.
- L’intérêt légitime : pour sécuriser notre site, prévenir la fraude et comprendre l’usage de nos services, toujours mis en balance avec vos droits et intérêts.`,
  analyticsTitle: 'Mesure d’audience',
  analyticsBody: `Nous mesurons nous-mêmes l’audience de notre site. Aucune régie publicitaire ni société d’analyse externe ne reçoit de données depuis notre site.

Nous enregistrons les pages vues et des actions comme l’ouverture d’une fiche véhicule ou l’envoi d’un formulaire, avec la page, l’heure, vos choix de langue et de monnaie et un identifiant de session aléatoire conservé dans votre navigateur jusqu’à la fermeture de l’onglet. Nous ne relions pas ces données à votre nom, votre adresse e-mail ou votre numéro de téléphone, et ne les utilisons que de façon agrégée pour améliorer nos services.`,
  cookiesTitle: 'Cookies et stockage local',
  cookiesBody: `Notre site n’utilise ni cookies publicitaires ni cookies de suivi. Il conserve quelques éléments dans votre navigateur pour fonctionner comme vous l’attendez :

- user_language : la langue que vous avez choisie ;
- user_currency : la monnaie que vous avez choisie ;
- analytics_session : l’identifiant de session aléatoire décrit ci-dessus, supprimé à la fermeture de l’onglet.

Notre console interne utilise un cookie de session sécurisé pour garder le personnel connecté. Vous pouvez effacer ces éléments à tout moment dans les réglages de votre navigateur ; le site revient alors à sa langue et à sa monnaie par défaut.`,
  sharingTitle: 'Avec qui nous les partageons',
  sharingBody: `Nous ne vendons pas vos données personnelles. Nous ne les partageons qu’avec :

- notre personnel, et seulement les personnes qui en ont besoin pour leur travail ;
- les entreprises qui nous fournissent des services sous contrat, comme l’hébergement et l’envoi d’e-mails, qui ne peuvent les utiliser que selon nos instructions ;
- les inspecteurs automobiles, transitaires, commissionnaires en douane, assureurs, banques et sociétés de financement, lorsque c’est nécessaire pour un service que vous demandez ;
- notre maison mère et ses filiales, pour les finalités de cette politique ;
- les tribunaux, autorités de contrôle, la police ou d’autres autorités lorsque la loi l’exige, ou pour protéger nos droits, nos clients ou le public.`,
  transfersTitle: 'Transferts internationaux',
  transfersBody:
    'Nous exerçons dans plusieurs pays africains et certains de nos prestataires stockent des données hors du Nigeria. Lorsque nous transférons des données personnelles hors du Nigeria, nous le faisons dans le cadre de la partie VIII de la NDPA : vers des pays offrant un niveau de protection adéquat, avec des garanties appropriées comme des clauses contractuelles contraignantes, ou avec votre consentement.',
  retentionTitle: 'Durée de conservation',
  retentionBody: `Nous ne conservons les données personnelles que le temps nécessaire :

- messages de contact et demandes : 2 ans après notre dernier échange ;
- demandes de vente et de reprise, photos comprises : 2 ans après la clôture de la demande, sauf si une vente a lieu ;
- dossiers d’achat et de vente : 6 ans après la fin de l’exercice, comme l’exigent le droit fiscal et le droit des sociétés ;
- données de mesure d’audience : 13 mois ;
- journaux de sécurité des serveurs : 90 jours.

À l’issue de ces durées, nous supprimons les données ou les rendons anonymes.`,
  securityTitle: 'Comment nous les protégeons',
  securityBody:
    'Nous protégeons les données personnelles par le chiffrement des échanges (HTTPS), un accès réservé au personnel qui en a besoin, des comptes individuels protégés par des mots de passe robustes et la traçabilité de chaque modification apportée par le personnel à une demande. Aucun système n’est parfaitement sûr : si une violation de données risque de porter atteinte à vos droits, nous en informerons la Nigeria Data Protection Commission dans les 72 heures et vous préviendrons dans les meilleurs délais.',
  rightsTitle: 'Vos droits',
  rightsBody: `La NDPA vous donne le droit :

- d’être informé de l’usage que nous faisons de vos données personnelles ;
- d’obtenir une copie des données que nous détenons sur vous ;
- de faire corriger des données inexactes ou incomplètes ;
- de faire effacer vos données lorsque nous n’en avons plus besoin ou que vous retirez votre consentement ;
- de limiter leur utilisation ou de vous y opposer, y compris pour la prospection commerciale ;
- de recevoir vos données dans un format structuré et lisible par machine, ou de les faire transmettre à un autre organisme ;
- de retirer votre consentement à tout moment ;
- de ne pas faire l’objet d’une décision fondée exclusivement sur un traitement automatisé.

Pour exercer ces droits, écrivez à privacy@autobest.africa. Nous pouvons vous demander de confirmer votre identité, et nous répondons sous 30 jours, gratuitement. Si notre réponse ne vous satisfait pas, vous pouvez saisir la Nigeria Data Protection Commission (ndpc.gov.ng) ou l’autorité de protection des données de votre pays.`,
  childrenTitle: 'Enfants',
  childrenBody:
    'Nos services s’adressent aux adultes. Nous ne collectons pas sciemment de données personnelles concernant des personnes de moins de 18 ans. Si vous pensez qu’un enfant nous a transmis des données personnelles, contactez-nous et nous les supprimerons.',
  changesTitle: 'Modifications de cette politique',
  changesBody:
    'Nous pouvons mettre à jour cette politique lorsque nos services ou la loi évoluent. La date en haut de page indique la version en vigueur, et nous annoncerons les changements importants sur notre site ou par e-mail avant leur entrée en vigueur.',
  contactTitle: 'Nous contacter',
  contactBody:
    'Une question sur cette politique ou sur vos données personnelles ? Écrivez à notre délégué à la protection des données, ou appelez-nous du lundi au samedi de 8 h à 18 h (heure d’Afrique de l’Ouest). Notre siège est à Lagos, au Nigeria.',
  emailLabel: 'E-mail :',
  phoneLabel: 'Téléphone :',
} satisfies Translation<typeof en>;
