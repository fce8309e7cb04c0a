import { mountLibrary } from '@/components/library/mount-library';

void mountLibrary();
