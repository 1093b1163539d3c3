import { DriverError } from '../driver.ts';
import { LxdError } from './client.ts';

/**
 * LXD's error as a sentence a customer understands. `site` names the LXD server (its site or
 * address); `what` names what was being done ("create the virtual machine"). LXD's own words are
 * kept by the caller as the DriverError's detail, for the task and the log.
 */
export function lxdSentence(error: LxdError, what: string, site = 'this site'): string {
  const words = error.lxdMessage.toLowerCase();
  if (error.status === 0)
    return `The LXD server at ${site} does not answer right now. Try again in a few minutes.`;
  if (/already exists|already in use|name is already/.test(words))
    return 'The instance name is already used in your project.';
  if (/limit|quota|exceed/.test(words) && /project/.test(words)) {
    if (/instances/.test(words))
      return 'Your tenant has reached its limit of virtual machines at this site.';
    if (/cpu/.test(words)) return 'Your tenant has reached its limit of vCPUs at this site.';
    if (/memory/.test(words)) return 'Your tenant has reached its limit of memory at this site.';
    return 'Your tenant has reached one of its limits at this site.';
  }
  // Missing while creating is something the creation needs (its project, image, network), not
  // the virtual machine: that falls to the general sentence, LXD's words in the detail.
  if ((error.status === 404 || /not found/.test(words)) && !what.startsWith('create '))
    return `The virtual machine is no longer on the LXD server at ${site}.`;
  if (/not enough space|no space left|disk quota/.test(words))
    return `The LXD server at ${site} has no room left for this disk.`;
  if (error.status === 403)
    return `The LXD server at ${site} does not allow the portal to ${what}.`;
  return `The LXD server at ${site} could not ${what}.`;
}

/** What a driver throws for `error`: LXD's refusal as a DriverError sentence, anything else as is. */
export function asDriverError(error: unknown, what: string, site?: string): unknown {
  if (error instanceof LxdError)
    return new DriverError(lxdSentence(error, what, site), { detail: error.lxdMessage });
  return error;
}
