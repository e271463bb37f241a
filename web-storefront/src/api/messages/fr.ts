import type { Translation } from '../../i18n';
import type en from './en';

export default {
  networkFailure: 'Impossible de joindre AutoBest. Vérifiez votre connexion, puis réessayez.',
  vehicleNotFound: "Ce véhicule est introuvable",
  internalError: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  vehiclesNotFetched: 'Impossible de récupérer les véhicules',
  rateLimitedTitle: 'Trop de tentatives',
  rateLimited: 'Vous avez envoyé ceci trop de fois en peu de temps. Veuillez réessayer {when} ; ce que vous avez saisi est conservé.',
  rateLimitedLater: 'Vous avez envoyé ceci trop de fois en peu de temps. Veuillez réessayer plus tard ; ce que vous avez saisi est conservé.',
} satisfies Translation<typeof en>;
