import type { Translation } from '../../i18n';
import type en from './en';

export default {
  back: 'Retour à l’accueil',
  eyebrow: 'Découvrez Tara',
  title: 'Assistante IA d’achat automobile',
  lead: 'Tara est notre assistante d’achat automobile dotée d’intelligence artificielle. Indiquez-lui votre budget, votre façon de conduire et ce qui compte pour vous : elle vous propose des voitures de notre catalogue qui vous conviennent, en anglais, en français, en arabe ou en swahili.',
  soonTitle: 'La discussion avec Tara ouvre bientôt',
  soonBody:
    'Nous mettons la dernière main à Tara. En attendant, notre équipe est heureuse de vous aider à choisir : envoyez-nous un message ou discutez avec un conseiller commercial sur WhatsApp.',
  soonContact: 'Nous envoyer un message',
  soonWhatsapp: 'Discuter sur WhatsApp',
  whatsappMessage: 'Bonjour AutoBest, j’aimerais de l’aide pour choisir une voiture.',
  benefitsTitle: 'Ce que Tara fait pour vous',
  budgetTitle: 'Des voitures dans votre budget',
  budgetBody: 'Tara ne propose que des voitures à votre portée, avec des prix convertis dans votre monnaie.',
  languageTitle: 'Elle parle votre langue',
  languageBody: 'Posez vos questions en anglais, en français, en arabe ou en swahili.',
  compareTitle: 'Des comparaisons côte à côte',
  compareBody: 'Comparez la consommation, la puissance, le prix et la popularité des voitures qui vous plaisent.',
  lifeTitle: 'Adaptée à votre vie',
  lifeBody: 'Sorties en famille, trajets quotidiens ou routes difficiles : Tara tient compte de ce que vous lui dites de votre conduite.',
  inventoryTitle: 'De vraies voitures, de vrais prix',
  inventoryBody: 'Les suggestions viennent des véhicules que nous avons réellement en vente, jamais d’annonces d’exemple.',
  personTitle: 'Une personne quand il le faut',
  personBody: 'Notre équipe commerciale vérifie chaque détail avec vous, car une vérification finale est nécessaire avant tout achat.',
  ctaTitle: 'Envie de jeter un œil ?',
  ctaBody: 'Parcourez nos voitures dès maintenant, avec les prix dans votre monnaie.',
  ctaAction: 'Voir les voitures',
} satisfies Translation<typeof en>;
