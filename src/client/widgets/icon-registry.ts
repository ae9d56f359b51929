import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BlockIcon from '@mui/icons-material/Block';
import BusinessIcon from '@mui/icons-material/Business';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import CommentIcon from '@mui/icons-material/Comment';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ContactMailIcon from '@mui/icons-material/ContactMail';
import CreditCardOffIcon from '@mui/icons-material/CreditCardOff';
import CreditScoreIcon from '@mui/icons-material/CreditScore';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionIcon from '@mui/icons-material/Description';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import EditIcon from '@mui/icons-material/Edit';
import EditLocationIcon from '@mui/icons-material/EditLocation';
import EuroIcon from '@mui/icons-material/Euro';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import HistoryIcon from '@mui/icons-material/History';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LabelIcon from '@mui/icons-material/Label';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LocationOffIcon from '@mui/icons-material/LocationOff';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import LoginIcon from '@mui/icons-material/Login';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MarkunreadMailboxIcon from '@mui/icons-material/MarkunreadMailbox';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import OutboxIcon from '@mui/icons-material/Outbox';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import PostAddIcon from '@mui/icons-material/PostAdd';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RepeatIcon from '@mui/icons-material/Repeat';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import RestoreIcon from '@mui/icons-material/Restore';
import RestorePageIcon from '@mui/icons-material/RestorePage';
import SavingsIcon from '@mui/icons-material/Savings';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import TrafficIcon from '@mui/icons-material/Traffic';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TuneIcon from '@mui/icons-material/Tune';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * MUI icon names usable in YAML (`menu.icon`, `actions[].icon`) → component. Only these are
 * bundled; an unknown name shows a neutral icon instead of pulling in the whole icon set.
 * `DeleteOutline` keeps its YAML name; MUI 9 ships that icon as `DeleteOutlined`.
 */
export const icons: Record<string, SvgIconComponent> = {
  AccountBalance: AccountBalanceIcon,
  AddBusiness: AddBusinessIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  AlternateEmail: AlternateEmailIcon,
  Assignment: AssignmentIcon,
  AttachFile: AttachFileIcon,
  Block: BlockIcon,
  Business: BusinessIcon,
  Cancel: CancelIcon,
  CheckCircle: CheckCircleIcon,
  CloudUpload: CloudUploadIcon,
  Comment: CommentIcon,
  CompareArrows: CompareArrowsIcon,
  ContactMail: ContactMailIcon,
  CreditCardOff: CreditCardOffIcon,
  CreditScore: CreditScoreIcon,
  Dashboard: DashboardIcon,
  DeleteOutline: DeleteOutlinedIcon,
  Description: DescriptionIcon,
  Download: DownloadIcon,
  DriveFileRenameOutline: DriveFileRenameOutlineIcon,
  Edit: EditIcon,
  EditLocation: EditLocationIcon,
  Euro: EuroIcon,
  EventAvailable: EventAvailableIcon,
  History: HistoryIcon,
  HourglassEmpty: HourglassEmptyIcon,
  HowToReg: HowToRegIcon,
  Link: LinkIcon,
  LinkOff: LinkOffIcon,
  LocalShipping: LocalShippingIcon,
  LocationOff: LocationOffIcon,
  LocationOn: LocationOnIcon,
  LockOpen: LockOpenIcon,
  LockReset: LockResetIcon,
  Login: LoginIcon,
  ManageAccounts: ManageAccountsIcon,
  MarkunreadMailbox: MarkunreadMailboxIcon,
  MoneyOff: MoneyOffIcon,
  Outbox: OutboxIcon,
  PauseCircleOutlined: PauseCircleOutlinedIcon,
  Payments: PaymentsIcon,
  People: PeopleIcon,
  PersonAdd: PersonAddIcon,
  PersonOff: PersonOffIcon,
  PersonSearch: PersonSearchIcon,
  PlayArrow: PlayArrowIcon,
  PlayCircleOutlined: PlayCircleOutlinedIcon,
  PostAdd: PostAddIcon,
  QuestionAnswer: QuestionAnswerIcon,
  ReceiptLong: ReceiptLongIcon,
  Repeat: RepeatIcon,
  ReportProblem: ReportProblemIcon,
  RequestQuote: RequestQuoteIcon,
  Restore: RestoreIcon,
  RestorePage: RestorePageIcon,
  Savings: SavingsIcon,
  Schedule: ScheduleIcon,
  Send: SendIcon,
  Settings: SettingsIcon,
  StopCircle: StopCircleIcon,
  SupervisorAccount: SupervisorAccountIcon,
  TaskAlt: TaskAltIcon,
  ToggleOff: ToggleOffIcon,
  ToggleOn: ToggleOnIcon,
  Traffic: TrafficIcon,
  TrendingUp: TrendingUpIcon,
  Tune: TuneIcon,
  UploadFile: UploadFileIcon,
};

export const iconFor = (name?: string): SvgIconComponent => (name && icons[name]) || LabelIcon;
