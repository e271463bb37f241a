import GroupIcon from '@mui/icons-material/Group';
import { StaffCreate } from './StaffCreate';
import { StaffEdit } from './StaffEdit';
import { StaffList } from './StaffList';

export default { list: StaffList, create: StaffCreate, edit: StaffEdit, icon: GroupIcon };
