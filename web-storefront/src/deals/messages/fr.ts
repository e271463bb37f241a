import type { Translation } from '../../i18n';
import type en from './en';

export default {
  backHome: "← Retour à l'accueil",
  title: 'Véhicules en promotion',
  subtitle: "Offres à durée limitée dans toute l'Afrique de l'Ouest",
  loading: 'Chargement des offres...',
  failed: 'Erreur de chargement des offres : {message}',
  empty: "Aucune offre pour le moment. Revenez bientôt ou parcourez l'inventaire.",
  browse: "Parcourir l'inventaire",
  save: 'Économisez {percent}',
  was: 'Avant {price}',
  now: 'Maintenant {price}',
  location: 'Disponible à {city}',
  rating: 'Note {rating}',
  getDeal: 'Profiter de cette offre',
  viewVehicle: 'Voir le véhicule',
  dealSubject: 'Offre {name} {year}',
  dialogTitle: 'Profiter de cette offre : {name}',
  note: "Offres valables dans la limite des stocks disponibles ; les prix définitifs sont confirmés par notre équipe commerciale.",
} satisfies Translation<typeof en>;
