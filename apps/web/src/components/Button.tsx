import type { ButtonProps as AntButtonProps } from 'antd-mobile';
import { Button as AntButton } from 'antd-mobile';

/**
 * The app's one button. One shape (a pill, `--adm-button-border-radius` in app/theme.css), four variants and three
 * sizes; every screen builds its actions from it (buttons.test.ts fails on antd-mobile's Button imported elsewhere).
 *
 * - `primary`: the page's main action (solid, the primary colour). At most one or two a screen.
 * - `secondary`: every other action (white with the primary colour's outline); the default.
 * - `danger`: a destructive action (red outline); ask before doing it.
 * - `text`: a quiet action inside a row or a card (no border, the primary colour).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text';
type ButtonSize = 'small' | 'middle' | 'large';

export interface ButtonProps extends Omit<AntButtonProps, 'color' | 'fill' | 'shape' | 'size'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  'data-testid'?: string;
}

const LOOK: Record<ButtonVariant, Pick<AntButtonProps, 'color' | 'fill'>> = {
  primary: { color: 'primary', fill: 'solid' },
  secondary: { color: 'primary', fill: 'outline' },
  danger: { color: 'danger', fill: 'outline' },
  text: { color: 'primary', fill: 'none' },
};

export function Button({ variant = 'secondary', size = 'middle', ...rest }: ButtonProps) {
  return <AntButton {...rest} {...LOOK[variant]} shape="rounded" size={size} data-variant={variant} />;
}
