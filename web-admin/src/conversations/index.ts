import ForumIcon from '@mui/icons-material/Forum';
import { ConversationList } from './ConversationList';
import { ConversationShow } from './ConversationShow';

export default { list: ConversationList, show: ConversationShow, icon: ForumIcon };
