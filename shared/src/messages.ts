/** Every user-facing message of SPEC §5 and §8, worded exactly once. */
export const MESSAGES = {
  emailInUseSignUp: 'This email address is already in use. Please, sign in instead.',
  emailInUse: 'This email address is already in use',
  fieldRequired: 'this field cannot be empty',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordsDoNotMatchBanner: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  invalidEmail: 'Please enter a valid email address',
  invalidCredentials: 'Invalid email or password',
  /** `{wait}`: the Retry-After of the 429, as formatWait() words it. */
  tooManySignIns: 'Too many failed sign-in attempts. Please wait {wait} and try again.',
  tooManyResets: 'Too many password reset requests. Please wait {wait} and try again.',
  tooManySignUps: 'Too many accounts were created from this address. Please wait {wait} and try again.',
  forgotPasswordSent: 'If an account exists for this email, we have sent a link to reset your password.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  signOutFailed: 'Internal server error logging out.',
  uploadFailed: 'Error uploading file.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  /** A state-changing request whose Origin is neither this server's own address nor an allowed origin. */
  forbiddenOrigin:
    'This page is open at {origin}, but the portal only accepts requests from {publicUrl}. Open the portal at {publicUrl}, or ask the administrator to set PUBLIC_URL to the address users open or to add {origin} to ALLOWED_ORIGINS.',
  blocked: "Looks like there's a problem with your subscription",
  membersOnly: 'This Area Is For Mastermind Members Only',
  notFound: 'Not found',
  pageNotFound: 'Page not found',
  pageNotFoundHint: 'Please check the URL in the address bar and try again',
  errorBoundary: 'Oops! Something went wrong.',
  internalError: 'Internal server error',
  somethingWentWrong: 'Something went wrong.',
  bulkUpdateFailed: 'There has been a problem processing the request.',
  csvValidationFailed: 'There was a problem validating CSV users.',
  profileSaved: 'your changes have been saved successfully',
  checkingPayment: 'checking payment status...',
  noRainmakers: 'No Rainmakers found. Try searching a neighboring city!',
  noUsers: 'No users',
  noTags: 'No tags',
  noResources: 'No resources found.',
  fileTooLarge: 'The file is too large.',
  unsupportedImage: 'Only PNG, JPEG, GIF or WebP images are accepted.',
  tagSaved: 'Tag saved successfully',
  tagDeleted: 'Tag deleted successfully',
  userCreated: 'User created successfully',
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  passwordReset: 'Password reset successfully',
  emailSent: 'Email sent successfully',
  cannotImpersonateAdmin: 'You cannot sign in as another admin.',
  userNotFound: 'User not found',
  roleSwitched: 'Role switched',
  mtnReset: 'MTN reset successfully',
  cardRemoved: 'Card removed successfully',
  cardArchived: 'Card archived',
  cardRestored: 'Card restored',
  cardNotArchived: 'This card is not archived',
  boardHasNoList: 'The board has no list to restore the card to',
  cardMoved: 'Card moved',
  cardUpdated: 'Card updated',
  /** A card's history (issue 13 §4): what the actor did, shown after their name. */
  historyCreated: 'created this card in {list}',
  historyMoved: 'moved this card from {from} to {to}',
  historyRenamed: 'renamed this card from “{from}” to “{to}”',
  historyDescribed: 'edited the description',
  historyItemCompleted: 'completed “{item}”',
  historyItemReopened: 'reopened “{item}”',
  historyAttachmentAdded: 'attached {file}',
  historyAttachmentRemoved: 'removed the attachment {file}',
  historyLabelAdded: 'added the label {label}',
  historyLabelRemoved: 'removed the label {label}',
  historyArchived: 'archived this card from {list}',
  historyRestored: 'restored this card to {list}',
  historyFormerMember: 'Former member',
  historyLoading: 'Loading the card’s history…',
  historyFailed: 'The card’s history could not be loaded.',
  historyRetry: 'Try again',
  historyNone: 'No comments or changes yet.',
  listAdded: 'List added',
  labelUpdated: 'Label updated',
  labelAdded: 'Added label',
  labelRemoved: 'Removed label from card',
  attachmentAdded: 'Attachment added',
  attachmentDeleted: 'Attachment deleted',
  commentAdded: 'Comment added',
  checklistAdded: 'Checklist added',
  checklistUpdated: 'Checklist updated',
  checkItemAdded: 'Check item added',
  checkItemUpdated: 'Check item updated',
  mtnWelcomeTitle: 'Welcome To The New MTN Tool 2.0',
  reservedListName: 'This list name is reserved',
  reservedListLocked: 'Reserved lists cannot be renamed or deleted',
  labelColorRequired: 'Choose a color',
  labelColorUsed: 'This color is already used by another label',
  tooManyLabels: 'You can have at most 10 labels',
  boardChanged: 'The board changed meanwhile. Reload the page and try again.',
  boardNotFound: 'Board not found',
  cardNotFound: 'Card not found',
  listNotFound: 'List not found',
  attachmentNotOurs: 'Choose an image uploaded to the portal',
  onlyCoachesMentioned: 'Only coaches can be mentioned',
  rolesUpdated: 'Updated {count} user(s) roles',
  usersBulkUpdated: 'Updated users sucessfully',
  csvUsersValidated: 'Validated CSV users sucessfully',
  usersImported: 'Users imported successfully',
  tooManyUserAdminRequests: 'Too many requests. Please wait a few minutes and try again.',
  productCreated: 'Product created successfully',
  productSaved: 'Product saved successfully',
  productDeleted: 'Product deleted successfully',
  productNotFound: 'Product not found',
  noProducts: 'You currently do not have any existing products',
  tooManyProducts: 'You have reached the maximum number of products. Delete one to add another.',
  scenarioSaved: 'Scenario saved',
  scenarioDeleted: 'Scenario deleted',
  scenarioNotFound: 'Scenario not found',
  scenarioNameTaken: 'This product already has a scenario with this name',
  tooManyScenarios: 'A product can have up to 5 scenarios. Delete one to add another.',
  productStarted: 'Product started in the Power Profit Tool',
  qualifierNotRated: 'Rate your product first',
  qualifierNotQualified: 'Only a product with one or two thumbs up can be started',
  qualifierAlreadyStarted: 'This product has already been started',
  earningsDisclaimer:
    'Earnings disclaimer: the figures of these tools are estimates for planning only. They do not guarantee any result; your income depends on your own work, your product and the market.',
  maximumValueIs: 'Maximum value is $',
  qualifierEmailSent: 'The email has been sent successfully.',
  tooManyQualifierEmails: 'You have sent too many emails. Please try again later.',
  courseSaved: 'Course saved successfully',
  courseDeleted: 'Course deleted successfully',
  courseNotFound: 'Course not found',
  courseSlugInUse: 'This slug is already in use',
  reorderFinished: 'Reorder is finished correctly',
  moduleReordered: 'Module reordered successfully',
  moduleSaved: 'Module saved successfully',
  moduleDeleted: 'Module deleted successfully',
  moduleNotFound: 'Module not found',
  lessonSaved: 'Lesson saved successfully',
  lessonDeleted: 'Lesson deleted successfully',
  lessonNotFound: 'Lesson not found',
  markedCompleted: 'Marked as completed successfully.',
  markedUncompleted: 'Marked as uncompleted successfully.',
  markCompletedFailed: 'Could not mark as completed. Reload the page and try again.',
  markUncompletedFailed: 'Could not mark as uncompleted. Reload the page and try again.',
  imageUrlCopied: 'image URL copied to clipboard',
  courseOrderChanged: 'The order changed meanwhile. Reload the page and try again.',
  bannerCreated: 'Banner created successfully',
  /** Portal settings (issue 12; not in the spec). */
  settingsSaved: 'Portal settings saved',
  settingsLoadFailed: 'The portal settings could not be loaded.',
  settingsEmpty: 'There are no portal settings to change.',
  bannerUpdated: 'Banner updated successfully',
  bannerDeleted: 'Banner deleted successfully',
  bannerNotFound: 'Banner not found',
  unknownBannerType: 'Unknown banner type',
  aiToolsFetchFailed: 'Failed to fetch AI tools',
  usingDefaultTools: '{message}. Using default tools instead.',
  resourceCreated: 'Resource created successfully',
  resourceSaved: 'Resource saved successfully',
  resourceDeleted: 'Resource deleted successfully',
  resourceNotFound: 'Resource not found',
  categorySaved: 'Category saved successfully',
  categoryDeleted: 'Category deleted successfully',
  categoryNotFound: 'Category not found',
  categoryNameInUse: 'A category with this name already exists',
  paymentSuccessful: 'Payment successful',
  pleaseEnterCard: 'Please enter a card',
  paymentsUnavailable: 'Card payments are not available right now. Please try again later.',
  paymentFailed: 'The payment did not go through. Please try again.',
  alreadyHasResource: 'You already have access to this resource.',
  notForSaleInPortal: 'This resource cannot be bought here.',
  paymentInProgress: 'A payment for this resource is already in progress. Please wait a moment.',
  stripeSynced: 'Synced {checked} user(s) with Stripe; {updated} changed',
  tooManyStripeRequests: 'Too many requests. Please wait a few minutes and try again.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Fills a message's `{name}` placeholders (each occurrence). */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * How long ago, in words: "just now" (under a minute), "1 minute ago", "3 hours ago", "2 days ago";
 * from 30 days on, null (show the date instead).
 */
export function formatAgo(seconds: number): string | null {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return 'just now';
  if (s < 3600) return plural(Math.floor(s / 60), 'minute');
  if (s < 86_400) return plural(Math.floor(s / 3600), 'hour');
  if (s < 30 * 86_400) return plural(Math.floor(s / 86_400), 'day');
  return null;
}

/** A wait in words, rounded up: "45 seconds", "1 minute", "15 minutes", "1 hour", "1 hour 5 minutes". */
export function formatWait(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}
