import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'accent';
export type ButtonSize = 'md' | 'sm' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
}

export function buttonClassName({ variant = 'primary', size = 'md', className }: StyleProps): string {
  return [styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ');
}

export function Button({ variant, size, className, type = 'button', ...props }: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClassName({ variant, size, className })} {...props} />;
}

/** A link inside the app's router that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: StyleProps & LinkProps) {
  return <Link className={buttonClassName({ variant, size, className })} {...props} />;
}

/** A link out of the app's router (storefront ↔ dashboard, other sites) that looks like a button. */
export function ButtonAnchor({ variant, size, className, ...props }: StyleProps & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={buttonClassName({ variant, size, className })} {...props} />;
}
