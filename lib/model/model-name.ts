/**
 * A model as the site's menu names it, from the slug a response gives (site-interface 10.12): a work-mode
 * model's slug ends in `-wm`, which reads as "(work mode)"; every other slug, `gpt-6-thinking` among them,
 * is already its name. Tables and exports keep the slug itself, which analysts filter by.
 */
export function modelName(slug: string): string {
  return slug.endsWith(WORK_MODE_SUFFIX) ? `${slug.slice(0, -WORK_MODE_SUFFIX.length)} (work mode)` : slug;
}

const WORK_MODE_SUFFIX = '-wm';
