import { Link } from 'react-router-dom';
import { getHelpLink, type TicketCategory } from '../../../domain/tickets-contract';
import { mayUse } from '../../../domain/permissions';
import { useScreenSession } from '../../../services/screen-services';
import { buttonClass } from '../../kit';

// "Get help" beside an order, a failed delivery or a weight discrepancy: the new-ticket form of
// /help, filled in with the category and the order. Shown to logins that may raise tickets.

export function GetHelpLink({
  category,
  orderId,
  orderNumber,
  awb,
  small = false,
}: {
  category: TicketCategory;
  orderId?: number;
  orderNumber?: string;
  awb?: string | null;
  small?: boolean;
}) {
  const account = useScreenSession().account;
  if (account && !mayUse(account.role, account.permissions, 'tickets.manage')) return null;
  return (
    <Link
      className={`${buttonClass('secondary')}${small ? ' btn-small' : ''}`}
      to={getHelpLink({ category, orderId, orderNumber, awb })}
      aria-label={orderNumber ? `Get help with order ${orderNumber}` : 'Get help'}
    >
      Get help
    </Link>
  );
}
