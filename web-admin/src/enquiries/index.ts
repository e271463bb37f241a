import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { EnquiryList } from './EnquiryList';
import { EnquiryShow } from './EnquiryShow';

export default { list: EnquiryList, show: EnquiryShow, icon: QuestionAnswerIcon };
