import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './toasts.module.css';

/** Mantine's toast list. The spec caps it at 20; at the bottom toasts cover no header button. */
export default function ToastList() {
  return <Notifications limit={20} position="bottom-center" classNames={{ root: classes.toasts }} />;
}
