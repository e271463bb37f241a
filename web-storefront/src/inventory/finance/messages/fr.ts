import type { Translation } from '../../../i18n';
import type en from './en';

export default {
  title: 'Simulateur de financement',
  term: 'Durée',
  termMonths: '{months} mois',
  depositAs: 'Apport en',
  depositAmount: 'Montant',
  depositPercent: 'Part du prix',
  deposit: 'Apport ({currency})',
  depositShare: 'Apport (%)',
  depositTooHigh: "L'apport ne peut pas dépasser le prix.",
  monthly: '{amount} par mois',
  summary: '{months} mensualités au TAEG de {apr} sur le prix affiché de {price}, après un apport de {deposit}',
  borrowed: 'Montant emprunté',
  totalPayable: 'Coût total',
  apr: 'TAEG',
  estimate: "Une estimation : le prêteur confirme le taux et les conditions lors de votre demande.",
} satisfies Translation<typeof en>;
