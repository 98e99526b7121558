import type { QualifierResult } from '../calc/qualifier';
import { hasOwnBoard, isAdministrator, type Principal } from './principal';

/** The seller-tools actions (Power Profit Tool and Product Qualifier), asked through can(). */
export type SellerToolsAction =
  'product:use' | 'product:additional-fees' | 'qualifier:use' | 'product:reorder-card' | 'fees:manage';

export const SELLER_TOOLS_ACTIONS: readonly SellerToolsAction[] = [
  'product:use',
  'product:additional-fees',
  'qualifier:use',
  'product:reorder-card',
  'fees:manage',
];

export function isSellerToolsAction(action: string): action is SellerToolsAction {
  return (SELLER_TOOLS_ACTIONS as readonly string[]).includes(action);
}

/**
 * For the seller tools (docs/areas/seller-tools.md#screens, docs/areas/seller-tools.md#validation, docs/areas/seller-tools.md#who-may-do-what):
 * - product:use: every member keeps their own products (the /profit-calculator route is open to all roles);
 * - product:additional-fees: a basic member cannot change additional fees (the stored value is kept);
 * - qualifier:use: course only members see the upgrade prompt instead of the Product Qualifier.
 * The role decides, as for routes: an admin who switched to basic or course only sees what they see.
 */
export function canUseSellerTools(user: Principal | null, action: SellerToolsAction): boolean {
  if (!user) return false;
  switch (action) {
    case 'product:use':
      return true;
    case 'product:additional-fees':
      return user.role !== 'basic';
    case 'qualifier:use':
      return user.role !== 'course only';
    // "Put it on my board" (docs/areas/seller-tools.md, "Reorder planner"): whoever gets a launch card.
    case 'product:reorder-card':
      return canHaveLaunchCard(user);
    // The Fee rate cards screen: role admin, like the other site data.
    case 'fees:manage':
      return user.role === 'admin';
    default:
      return false;
  }
}

/** Products belong to their user: nobody, admins included, reads or changes another's products. */
export function ownsProduct(user: Pick<Principal, 'id'> | null, product: { userId: number }): boolean {
  return user !== null && product.userId === user.id;
}

/** 'Start this product' is offered for a rated result of one or two thumbs up (docs/areas/seller-tools.md#from-qualifier-to-launch). */
export function canStartProduct(result: QualifierResult): boolean {
  return result === 'two thumbs up' || result === 'one thumb up';
}

/**
 * A started product also gets a "Launch: <title>" card on its member's Move the Needle board when
 * the member has a board of their own (premium before the cutoff, coach). Not for administrators:
 * their board is the Master Template, which every new member's board is copied from.
 */
export function canHaveLaunchCard(user: Principal | null): boolean {
  return user !== null && !isAdministrator(user) && hasOwnBoard(user);
}
