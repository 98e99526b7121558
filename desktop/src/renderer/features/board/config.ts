import type { LabelColor } from '@shared/types/board';
import type { DonutStatus } from '@shared/calc/board';

/** Tailwind classes of the ten label colours (written out so the build keeps them). */
export const LABEL_CLASSES: Record<LabelColor, string> = {
  'red-200': 'bg-red-200 text-red-950',
  'pink-200': 'bg-pink-200 text-pink-950',
  'purple-200': 'bg-purple-200 text-purple-950',
  'blue-200': 'bg-blue-200 text-blue-950',
  'green-200': 'bg-green-200 text-green-950',
  'yellow-200': 'bg-yellow-200 text-yellow-950',
  'yellow-400': 'bg-yellow-400 text-yellow-950',
  'gray-200': 'bg-gray-200 text-gray-900',
  'indigo-200': 'bg-indigo-200 text-indigo-950',
  'purple-400': 'bg-purple-400 text-purple-950',
};

/** Readable names for colour pickers (screen readers get these). */
export const LABEL_COLOR_NAMES: Record<LabelColor, string> = {
  'red-200': 'Red',
  'pink-200': 'Pink',
  'purple-200': 'Light purple',
  'blue-200': 'Blue',
  'green-200': 'Green',
  'yellow-200': 'Light yellow',
  'yellow-400': 'Yellow',
  'gray-200': 'Gray',
  'indigo-200': 'Indigo',
  'purple-400': 'Purple',
};

/** The donut's fixed colours per status (docs/areas/board.md#screens). */
export const STATUS_COLORS: Record<DonutStatus, string> = {
  'NOT STARTED': '#9ca3af',
  'IN PROGRESS': '#3b82f6',
  'ON HOLD': '#f59e0b',
  COMPLETED: '#22c55e',
};
