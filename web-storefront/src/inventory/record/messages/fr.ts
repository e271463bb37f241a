import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  priceRange: 'Fourchette de prix : {low} – {high}',
  trim: 'Finition',
  vin: 'VIN',
  vinNotYet: "Attribué quand l'usine construit la voiture",
  vinOnRequest: 'Sur demande',
  importStatus: 'Disponibilité',
  statusInStock: 'En stock sur place',
  statusInTransit: 'En transit',
  statusOnOrder: "En commande à l'usine",
  expectedArrival: '{status}, arrivée prévue le {date}',
  drivingRange: 'Autonomie',
  drivingRangeKm: '{km} km',
  pricing: 'Fourchette de prix',
  reservationAmount: 'Montant de la réservation',
  pricingNote: 'À propos du prix',
} satisfies Translation<typeof en>;
