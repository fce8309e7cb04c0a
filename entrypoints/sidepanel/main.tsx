import { mountApp } from '@/components/mount-app';

mountApp('sidepanel');
