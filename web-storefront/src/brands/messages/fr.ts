import type { Translation } from '../../i18n';
import type en from './en';

export default {
  backHome: "← Retour à l'accueil",
  title: 'Marques de véhicules',
  lead: 'Les constructeurs que nous vendons, entretenons et garantissons, avec les modèles en stock aujourd’hui.',
  loading: 'Chargement des marques...',
  failed: 'Impossible de charger les marques : {message}',
  retry: 'Réessayer',
  cheryAbout: 'Premier exportateur automobile de Chine : des SUV bien équipés comme la gamme Tiggo, avec de longues garanties.',
  bydAbout: 'Le premier constructeur mondial de voitures électriques et hybrides rechargeables, de la citadine à la berline.',
  toyotaAbout: 'Réputée pour sa fiabilité et ses pièces faciles à trouver partout en Afrique, de la Corolla au Land Cruiser.',
  priceRange: '{min} – {max}',
  inStock: '{count} en stock',
  modelsTitle: 'Modèles',
  noneInStock: 'Aucun en stock pour le moment ; demandez-nous et nous en trouverons un.',
  viewModels: 'Voir les modèles {brand}',
  othersTitle: 'Autres marques en stock',
} satisfies Translation<typeof en>;
