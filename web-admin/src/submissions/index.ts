import CarIcon from '@mui/icons-material/DirectionsCar';
import SwapIcon from '@mui/icons-material/SwapHoriz';
import { makeSubmissionList } from './SubmissionList';
import { makeSubmissionShow } from './SubmissionShow';
import type { SubmissionResourceConfig } from './types';

const sellCarConfig: SubmissionResourceConfig = {
  resource: 'sell-car-submissions',
  title: 'Sell Car Requests',
  valueField: 'offeredValue',
  valueLabel: 'Offered Value',
  wholeNaira: true,
};
const tradeInConfig: SubmissionResourceConfig = {
  resource: 'trade-in-submissions',
  title: 'Trade-In Requests',
  valueField: 'estimatedValue',
  valueLabel: 'Estimated Value',
  wholeNaira: false,
};

export const sellCarSubmissions = { list: makeSubmissionList(sellCarConfig), show: makeSubmissionShow(sellCarConfig), icon: CarIcon };
export const tradeInSubmissions = { list: makeSubmissionList(tradeInConfig), show: makeSubmissionShow(tradeInConfig), icon: SwapIcon };
