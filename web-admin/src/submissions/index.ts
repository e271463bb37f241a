import CarIcon from '@mui/icons-material/DirectionsCar';
import SwapIcon from '@mui/icons-material/SwapHoriz';
import { SUBMISSION_KINDS } from '@autobest/domain/submissions/kinds';
import { makeSubmissionList } from './SubmissionList';
import { makeSubmissionShow } from './SubmissionShow';

const sellCar = SUBMISSION_KINDS['sell-car'];
const tradeIn = SUBMISSION_KINDS['trade-in'];

export const sellCarSubmissions = { list: makeSubmissionList(sellCar), show: makeSubmissionShow(sellCar), icon: CarIcon };
export const tradeInSubmissions = { list: makeSubmissionList(tradeIn), show: makeSubmissionShow(tradeIn), icon: SwapIcon };
