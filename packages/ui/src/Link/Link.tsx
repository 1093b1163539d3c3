import {
  createContext,
  forwardRef,
  useContext,
  useMemo,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

/** What the app's link component receives: a real `href` and every other anchor attribute. */
export interface LinkComponentProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** Where the link goes, as ui was given it (an app path such as `/compute/vm-1`). */
  href: string;
  /** The link's content. */
  children?: ReactNode;
  /** The rendered `<a>`: forward it (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The app's link, e.g. over react-router:
 * `const RouterLink = ({ href, ...rest }: LinkComponentProps) => <Link to={href} {...rest} />`.
 * Define it once at module scope: a new function each render would remount every link.
 */
export type LinkComponent = ComponentType<LinkComponentProps>;

interface LinkContextValue {
  component: LinkComponent | undefined;
  navigate: ((href: string) => void) | undefined;
}

const LinkContext = createContext<LinkContextValue>({ component: undefined, navigate: undefined });

export interface LinkProviderProps {
  /**
   * Renders every link of ui (`Link`, `LinkButton`, `BackButton` with `href`, breadcrumbs, the
   * app shell's navigation, task targets). It must render an `<a>` with the props it is given
   * (`className`, `aria-*`, `data-*`, `onClick`, `ref`), as react-router's `Link` does.
   */
  component?: LinkComponent;
  /**
   * Without `component`: links stay plain `<a href>` and a plain left click on one (no modifier
   * key, no `target`, no `download`, not another origin) calls this instead of loading the page.
   */
  navigate?: (href: string) => void;
  /** The app, or the part of it whose links route client-side. */
  children: ReactNode;
}

/**
 * Lets the app route ui's links client-side, without ui importing a router. Without a provider
 * every link is a plain `<a href>` and the browser navigates.
 */
export function LinkProvider({ component, navigate, children }: LinkProviderProps) {
  const value = useMemo(() => ({ component, navigate }), [component, navigate]);
  return <LinkContext.Provider value={value}>{children}</LinkContext.Provider>;
}

const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** `https:`, `mailto:`, `//host`: somewhere the app's router does not go. */
const isOtherOrigin = (href: string) => /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href);

export type LinkProps = LinkComponentProps;

/**
 * A link that routes through the `LinkProvider`: the app's link component, or a plain `<a href>`
 * whose plain left clicks call the provider's `navigate`. Unstyled: it takes the styles given
 * (`className`); the global styles colour it as a link.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { component: Component, navigate } = useContext(LinkContext);
  if (Component) return <Component {...props} ref={ref} />;
  const { onClick, ...rest } = props;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      !navigate ||
      event.defaultPrevented ||
      !isPlainLeftClick(event) ||
      (props.target && props.target !== '_self') ||
      props.download !== undefined ||
      isOtherOrigin(props.href)
    )
      return;
    event.preventDefault();
    navigate(props.href);
  };
  return <a {...rest} ref={ref} onClick={handleClick} />;
});
