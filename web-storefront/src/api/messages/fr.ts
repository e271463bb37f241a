import type { Translation } from '../../i18n';
import type en from './en';

export default {
  networkFailure: 'Impossible de joindre AutoBest. Vérifiez votre connexion, puis réessayez.',
  vehicleNotFound: "Ce véhicule est introuvable",
  internalError: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  vehiclesNotFetched: 'Impossible de récupérer les véhicules',
} satisfies Translation<typeof en>;
