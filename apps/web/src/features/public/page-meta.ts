import { useEffect } from 'react';

export type PageMeta = { title: string; description: string; path: string };

function setTag(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

function setMeta(key: 'name' | 'property', name: string, content: string) {
  setTag(
    `meta[${key}="${name}"]`,
    () => {
      const meta = document.createElement('meta');
      meta.setAttribute(key, name);
      return meta;
    },
    'content',
    content,
  );
}

/**
 * Title, description, canonical address and Open Graph tags of a public page. It updates the
 * tags index.html ships (the landing page's), so no page ever carries two descriptions.
 */
export function usePageMeta({ title, description, path }: PageMeta) {
  useEffect(() => {
    const url = `${window.location.origin}${path}`;
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', url);
    setMeta('name', 'twitter:title', title);
    setMeta('name', 'twitter:description', description);
    setTag(
      'link[rel="canonical"]',
      () => {
        const link = document.createElement('link');
        link.rel = 'canonical';
        return link;
      },
      'href',
      url,
    );
  }, [title, description, path]);
}
