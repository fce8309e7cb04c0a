import { mountApp } from '@/components/mount-app';

void mountApp('popup');
